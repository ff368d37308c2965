package import JSONSchema

extension InstanceGenerator {
    package static let allTypes = ["null", "boolean", "integer", "number", "string", "array", "object"]

    private static let keywordTypes: [(keyword: String, type: String)] = [
        ("properties", "object"), ("required", "object"), ("additionalProperties", "object"),
        ("patternProperties", "object"), ("minProperties", "object"), ("maxProperties", "object"),
        ("items", "array"), ("prefixItems", "array"), ("minItems", "array"), ("maxItems", "array"),
        ("contains", "array"), ("uniqueItems", "array"),
        ("minLength", "string"), ("maxLength", "string"), ("pattern", "string"), ("format", "string"),
        ("minimum", "number"), ("maximum", "number"), ("exclusiveMinimum", "number"),
        ("exclusiveMaximum", "number"), ("multipleOf", "number"),
    ]

    /// The types an instance may take, in preference order for the given depth.
    ///
    /// Without `type`, the keywords present hint at the intended type (`properties` → object), which
    /// gives realistic values for the many schemas that omit `type`.
    package func candidateTypes(_ constraints: Constraints, depth: Int) throws(GenerationError) -> [String] {
        if let plan = constraints.plan { return try plan.types.get() }
        return try computedCandidateTypes(constraints)
    }

    func computedCandidateTypes(_ constraints: Constraints) throws(GenerationError) -> [String] {
        var types: [String]
        if let type = constraints.keywords["type"] {
            types = Constraints.typeNames(type)
            if types.contains("number") && !types.contains("integer") { types.append("integer") }
            if types.isEmpty {
                throw GenerationError(
                    .contradictory, at: constraints.location.appending("type"), "no type is allowed")
            }
        } else {
            var hinted: [String] = []
            for (keyword, type) in Self.keywordTypes where constraints.keywords[keyword] != nil {
                if !hinted.contains(type) { hinted.append(type) }
            }
            if hinted.contains("number") { hinted.append("integer") }
            // An unconstrained value stays a scalar so that `{}` items cannot nest without bound.
            types = hinted.isEmpty ? ["null", "boolean", "integer", "number", "string"] : hinted
        }
        return types
    }

    /// Builds a value once all choices are decided.
    package func build(_ constraints: Constraints, depth: Int, context: inout Context) throws(GenerationError)
        -> JSONValue
    {
        let schema = constraints.checkSchema
        if let options = constraints.plan.map(\.enumValues) ?? constraints.keywords["enum"]?.arrayValue {
            let memo = context.memo
            let allowed = options.filter { matches($0, schema, at: constraints.location, memo: memo) }
            guard let value = context.rng.element(of: allowed) else {
                throw GenerationError(
                    .contradictory, at: constraints.location,
                    "no enum/const value satisfies the other keywords")
            }
            return value
        }
        var types = context.rng.shuffled(try candidateTypes(constraints, depth: depth))
        if depth >= configuration.maxDepth {
            let scalars = types.filter { $0 != "object" && $0 != "array" }
            types = scalars + types.filter { $0 == "object" || $0 == "array" }
        }
        if !(constraints.plan?.hasType ?? (constraints.keywords["type"] != nil)) {
            // Keywords only constrain their own type: when the hinted ones are unsatisfiable
            // (`contains: false`), a value of another type is still valid.
            types += ["null", "boolean", "integer", "string"].filter { !types.contains($0) }
        }
        var lastError = GenerationError(.contradictory, at: constraints.location, "no type can be satisfied")
        for type in types {
            do throws(GenerationError) {
                return try build(type: type, constraints, depth: depth, context: &context)
            } catch {
                lastError = error
            }
        }
        throw lastError
    }

    private func build(type: String, _ constraints: Constraints, depth: Int, context: inout Context)
        throws(GenerationError) -> JSONValue
    {
        switch type {
        case "null": return .null
        case "boolean": return .bool(context.rng.chance(0.5))
        case "integer", "number":
            return .number(try randomNumber(constraints, integer: type == "integer", rng: &context.rng))
        case "string": return .string(try randomString(constraints, rng: &context.rng))
        case "array": return try randomArray(constraints, depth: depth, context: &context)
        case "object": return try randomObject(constraints, depth: depth, context: &context)
        default:
            throw GenerationError(
                .invalidSchema, at: constraints.location.appending("type"), "unknown type \(type)")
        }
    }
}
