extension SchemaCompiler {
    /// Compiles the keywords of one schema object, in evaluation order.
    mutating func compileKeywords(_ context: KeywordContext) throws(SchemaError) -> [Keyword] {
        var keywords: [Keyword] = []
        let object = context.object
        if case .string(let reference) = object["$ref"] {
            keywords.append(.ref(try compileReference(reference, context: context, keyword: "$ref").index))
        } else if object["$ref"] != nil {
            throw context.invalid("$ref", "a URI reference string")
        }
        if let value = object["$dynamicRef"] {
            guard case .string(let reference) = value else {
                throw context.invalid("$dynamicRef", "a URI reference string")
            }
            let target = try compileReference(reference, context: context, keyword: "$dynamicRef")
            let fragment = URIReference(reference).fragment ?? ""
            let isDynamic =
                !fragment.isEmpty && !fragment.hasPrefix("/")
                && isDynamicAnchor(fragment, at: target.location, reference: reference, base: context.base)
            keywords.append(.dynamicRef(target: target.index, anchor: isDynamic ? fragment : nil))
        }
        if context.dialect.applicator { keywords += try compileApplicators(context) }
        if context.dialect.validation { keywords += try compileAssertions(context) }
        if context.dialect.assertsFormats, case .string(let name) = object["format"],
            let format = SchemaFormat(rawValue: name)
        {
            keywords.append(.format(format))
        }
        if context.dialect.unevaluated {
            if object["unevaluatedItems"] != nil {
                keywords.append(
                    .unevaluatedItems(
                        try compile(context.location("unevaluatedItems"), dialect: context.dialect)))
            }
            if object["unevaluatedProperties"] != nil {
                keywords.append(
                    .unevaluatedProperties(
                        try compile(context.location("unevaluatedProperties"), dialect: context.dialect)))
            }
        }
        return keywords
    }

    private mutating func schemaList(_ keyword: String, _ context: KeywordContext) throws(SchemaError)
        -> [Int]?
    {
        guard let value = context.object[keyword] else { return nil }
        guard case .array(let elements) = value, !elements.isEmpty || keyword == "prefixItems" else {
            throw context.invalid(keyword, "a non-empty array of schemas")
        }
        var indexes: [Int] = []
        for position in elements.indices {
            indexes.append(try compile(context.location(keyword, String(position)), dialect: context.dialect))
        }
        return indexes
    }

    private mutating func schemaMap(_ keyword: String, _ context: KeywordContext) throws(SchemaError) -> [(
        name: String, schema: Int
    )]? {
        guard let value = context.object[keyword] else { return nil }
        guard case .object(let members) = value else {
            throw context.invalid(keyword, "an object of schemas")
        }
        var result: [(name: String, schema: Int)] = []
        for name in members.keys {
            result.append((name, try compile(context.location(keyword, name), dialect: context.dialect)))
        }
        return result
    }

    private mutating func single(_ keyword: String, _ context: KeywordContext) throws(SchemaError) -> Int? {
        guard context.object[keyword] != nil else { return nil }
        return try compile(context.location(keyword), dialect: context.dialect)
    }

    private mutating func compileApplicators(_ context: KeywordContext) throws(SchemaError) -> [Keyword] {
        var keywords: [Keyword] = []
        if let list = try schemaList("allOf", context) { keywords.append(.allOf(list)) }
        if let list = try schemaList("anyOf", context) { keywords.append(.anyOf(list)) }
        if let list = try schemaList("oneOf", context) { keywords.append(.oneOf(list)) }
        if let schema = try single("not", context) { keywords.append(.not(schema)) }
        if let condition = try single("if", context) {
            let then = try single("then", context)
            let otherwise = try single("else", context)
            keywords.append(.conditional(condition: condition, then: then, otherwise: otherwise))
        }
        if let map = try schemaMap("dependentSchemas", context) { keywords.append(.dependentSchemas(map)) }
        let prefix = try schemaList("prefixItems", context)
        if let prefix { keywords.append(.prefixItems(prefix)) }
        if let items = try single("items", context) {
            keywords.append(.items(items, prefixCount: prefix?.count ?? 0))
        }
        if let contains = try single("contains", context) {
            let minimum = context.dialect.validation ? try context.nonNegativeInteger("minContains") ?? 1 : 1
            let maximum = context.dialect.validation ? try context.nonNegativeInteger("maxContains") : nil
            keywords.append(.contains(contains, minimum: minimum, maximum: maximum))
        }
        let properties = try schemaMap("properties", context)
        if let properties { keywords.append(.properties(properties)) }
        var patterns: [(pattern: ECMARegex, schema: Int)] = []
        if case .object(let members) = context.object["patternProperties"] {
            for (pattern, _) in members {
                let regex = try context.regex(
                    pattern, pointer: context.pointer("patternProperties").appending(pattern))
                patterns.append(
                    (
                        regex,
                        try compile(context.location("patternProperties", pattern), dialect: context.dialect)
                    ))
            }
            keywords.append(.patternProperties(patterns))
        } else if context.object["patternProperties"] != nil {
            throw context.invalid("patternProperties", "an object of schemas")
        }
        if let additional = try single("additionalProperties", context) {
            let known = NameSet(properties?.map(\.name) ?? [])
            keywords.append(
                .additionalProperties(
                    additional, known: known, patterns: patterns.map(\.pattern),
                    followsProperties: properties != nil && patterns.isEmpty))
        }
        if let names = try single("propertyNames", context) { keywords.append(.propertyNames(names)) }
        keywords += try compileDependencies(context)
        return keywords
    }

    /// The pre-2019 `dependencies` keyword, still common in older schemas: arrays act like
    /// `dependentRequired`, schemas like `dependentSchemas`.
    private mutating func compileDependencies(_ context: KeywordContext) throws(SchemaError) -> [Keyword] {
        guard case .object(let members) = context.object["dependencies"] else { return [] }
        var schemas: [(name: String, schema: Int)] = []
        var required: [(name: String, required: [String])] = []
        for (name, value) in members {
            if case .array = value {
                required.append((name, try context.stringArray(value, "dependencies")))
            } else {
                schemas.append(
                    (name, try compile(context.location("dependencies", name), dialect: context.dialect)))
            }
        }
        var keywords: [Keyword] = []
        if !schemas.isEmpty { keywords.append(.dependentSchemas(schemas)) }
        if !required.isEmpty { keywords.append(.dependentRequired(required)) }
        return keywords
    }

    /// The validation vocabulary's keywords, in evaluation order.
    private func compileAssertions(_ context: KeywordContext) throws(SchemaError) -> [Keyword] {
        var keywords: [Keyword] = []
        try compileValueAssertions(context, into: &keywords)
        try compileNumberAssertions(context, into: &keywords)
        try compileStringAssertions(context, into: &keywords)
        try compileArrayAssertions(context, into: &keywords)
        try compileObjectAssertions(context, into: &keywords)
        return keywords
    }

    /// `type`, `enum`, `const`.
    private func compileValueAssertions(_ context: KeywordContext, into keywords: inout [Keyword])
        throws(SchemaError)
    {
        let object = context.object
        if let value = object["type"] {
            var types: JSONTypeSet = []
            let names: [JSONValue]
            if case .array(let elements) = value { names = elements } else { names = [value] }
            for name in names {
                guard case .string(let text) = name, let type = JSONTypeSet(name: text) else {
                    throw context.invalid("type", "a type name or an array of type names")
                }
                types.insert(type)
            }
            keywords.append(.type(types))
        }
        if let value = object["enum"] {
            guard case .array(let elements) = value else { throw context.invalid("enum", "an array") }
            keywords.append(.enumeration(elements))
        }
        if let value = object["const"] { keywords.append(.const(value)) }
    }

    /// `multipleOf` and the bounds of a number.
    private func compileNumberAssertions(_ context: KeywordContext, into keywords: inout [Keyword])
        throws(SchemaError)
    {
        if let divisor = try context.number("multipleOf") {
            guard JSONNumber(0) < divisor else {
                throw context.invalid("multipleOf", "a number greater than 0")
            }
            keywords.append(.multipleOf(divisor))
        }
        if let limit = try context.number("maximum") { keywords.append(.maximum(limit)) }
        if let limit = try context.number("exclusiveMaximum") { keywords.append(.exclusiveMaximum(limit)) }
        if let limit = try context.number("minimum") { keywords.append(.minimum(limit)) }
        if let limit = try context.number("exclusiveMinimum") { keywords.append(.exclusiveMinimum(limit)) }
    }

    /// `maxLength`, `minLength`, `pattern`.
    private func compileStringAssertions(_ context: KeywordContext, into keywords: inout [Keyword])
        throws(SchemaError)
    {
        if let limit = try context.nonNegativeInteger("maxLength") { keywords.append(.maxLength(limit)) }
        if let limit = try context.nonNegativeInteger("minLength"), limit > 0 {
            keywords.append(.minLength(limit))
        }
        if let value = context.object["pattern"] {
            guard case .string(let pattern) = value else {
                throw context.invalid("pattern", "a regular expression string")
            }
            keywords.append(.pattern(try context.regex(pattern, pointer: context.pointer("pattern"))))
        }
    }

    /// `maxItems`, `minItems`, `uniqueItems`.
    private func compileArrayAssertions(_ context: KeywordContext, into keywords: inout [Keyword])
        throws(SchemaError)
    {
        if let limit = try context.nonNegativeInteger("maxItems") { keywords.append(.maxItems(limit)) }
        if let limit = try context.nonNegativeInteger("minItems"), limit > 0 {
            keywords.append(.minItems(limit))
        }
        if let value = context.object["uniqueItems"] {
            guard case .bool(let unique) = value else { throw context.invalid("uniqueItems", "a boolean") }
            if unique { keywords.append(.uniqueItems) }
        }
    }

    /// `maxProperties`, `minProperties`, `required`, `dependentRequired`.
    private func compileObjectAssertions(_ context: KeywordContext, into keywords: inout [Keyword])
        throws(SchemaError)
    {
        let object = context.object
        if let limit = try context.nonNegativeInteger("maxProperties") {
            keywords.append(.maxProperties(limit))
        }
        if let limit = try context.nonNegativeInteger("minProperties"), limit > 0 {
            keywords.append(.minProperties(limit))
        }
        if let value = object["required"] {
            let names = try context.stringArray(value, "required")
            if !names.isEmpty { keywords.append(.required(names)) }
        }
        if let value = object["dependentRequired"] {
            guard case .object(let members) = value else {
                throw context.invalid("dependentRequired", "an object of string arrays")
            }
            var dependencies: [(name: String, required: [String])] = []
            for (name, list) in members {
                dependencies.append((name, try context.stringArray(list, "dependentRequired")))
            }
            keywords.append(.dependentRequired(dependencies))
        }
    }
}
