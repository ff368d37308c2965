import JSONSchema

/// Checks every schema of a contract against the 2020-12 meta-schema, compiles it (so a bad
/// `pattern` or `$ref` is reported at lint time, not mid-run), and validates the response examples
/// the mock will serve against their schemas.
struct SchemaLinter {
    let contract: Contract
    /// `$ref`s the contract linter already reported, with a did-you-mean; not reported again here.
    var reportedReferences: Set<JSONPointer> = []

    func problems() -> [ContractProblem] {
        var log = ProblemLog()
        let schemas = ContractSchemas.shared(for: contract)
        for pointer in schemaPointers() {
            guard let schema = pointer.resolve(in: contract.document) else { continue }
            let meta = MetaSchema.validate(schema)
            for error in Self.mostSpecific(meta.errors).prefix(5) {
                log.error(
                    "schema breaks the JSON Schema 2020-12 meta-schema: \(error.message)",
                    at: pointer.appending(error.instanceLocation))
            }
            if meta.isValid {
                do {
                    _ = try schemas.schema(at: pointer)
                } catch {
                    report(error, in: pointer, &log)
                }
            }
        }
        for endpoint in contract.endpoints {
            for response in endpoint.responses {
                guard let example = response.example, let schemaPointer = response.schemaPointer else {
                    continue
                }
                let served =
                    (try? Template.substitute(example, ["baseURL": "http://localhost:8080"])) ?? example
                for error in schemas.validate(served, at: schemaPointer).errors.prefix(5) {
                    log.error(
                        "response example does not match its schema: \(error.description)",
                        at: response.pointer.appending("example").appending(error.instanceLocation))
                }
            }
            checkExampleBodies(endpoint, schemas, &log)
        }
        return log.problems
    }

    /// An example that expects success must send a body its request schema accepts.
    private func checkExampleBodies(_ endpoint: Endpoint, _ schemas: ContractSchemas, _ log: inout ProblemLog)
    {
        guard let schemaPointer = endpoint.request?.schemaPointer else { return }
        for example in endpoint.examples {
            guard let body = example.body, Template.variables(in: body).isEmpty,
                let status = example.expectedStatus, (200..<300).contains(status)
            else { continue }
            for error in schemas.validate(Template.literal(body), at: schemaPointer).errors.prefix(3) {
                log.warning(
                    "example body is invalid by the request schema but expects \(status): \(error.description)",
                    at: example.pointer.appending("body").appending(error.instanceLocation))
            }
        }
    }

    /// One meta-schema error per place: a combinator's summary (`anyOf`, `oneOf`, …) only when nothing
    /// more precise was said there, so `"type": "strnig"` reads as one error, not three.
    static func mostSpecific(_ errors: [ValidationError]) -> [ValidationError] {
        let combinators: Set<String> = [
            "anyOf", "oneOf", "allOf", "not", "$ref", "$dynamicRef", "if", "then", "else",
        ]
        var chosen: [JSONPointer: ValidationError] = [:]
        var order: [JSONPointer] = []
        for error in errors {
            guard let current = chosen[error.instanceLocation] else {
                chosen[error.instanceLocation] = error
                order.append(error.instanceLocation)
                continue
            }
            if combinators.contains(current.keyword) && !combinators.contains(error.keyword) {
                chosen[error.instanceLocation] = error
            }
        }
        return order.compactMap { chosen[$0] }
    }

    /// A compile error at the keyword that caused it. Local `$ref`s that the contract linter already
    /// reported (with the intended name) are not reported twice.
    private func report(_ error: SchemaError, in schema: JSONPointer, _ log: inout ProblemLog) {
        switch error {
        case .unresolvableReference(_, let pointer) where reportedReferences.contains(pointer):
            return
        case .invalidRegex(let pattern, let pointer, _):
            log.error("invalid regular expression \"\(pattern)\"; schemas use ECMA-262 syntax", at: pointer)
        case .invalidKeyword(let pointer, _, _), .invalidSchema(let pointer, _),
            .unresolvableReference(_, let pointer),
            .unknownDialect(_, let pointer), .unsupportedVocabulary(_, let pointer):
            log.error("schema cannot be compiled: \(error)", at: pointer)
        case .pointerNotFound:
            log.error("schema cannot be compiled: \(error)", at: schema)
        }
    }

    /// Every place in the document that holds a schema.
    private func schemaPointers() -> [JSONPointer] { ContractSchemas.declaredSchemaPointers(of: contract) }
}

extension JSONPointer {
    /// This pointer followed by the tokens of `other`.
    func appending(_ other: JSONPointer) -> JSONPointer { JSONPointer(tokens: tokens + other.tokens) }
}
