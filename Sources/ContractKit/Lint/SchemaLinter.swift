import JSONSchema

/// Checks every schema of a contract against the 2020-12 meta-schema, compiles it (so a bad
/// `pattern` or `$ref` is reported at lint time, not mid-run), and validates the response examples
/// the mock will serve against their schemas.
struct SchemaLinter {
    let contract: Contract

    func problems() -> [ContractProblem] {
        var log = ProblemLog()
        let schemas = ContractSchemas(contract: contract)
        for pointer in schemaPointers() {
            guard let schema = pointer.resolve(in: contract.document) else { continue }
            let meta = MetaSchema.validate(schema)
            for error in meta.errors.prefix(5) {
                log.error(
                    "schema breaks the JSON Schema 2020-12 meta-schema: \(error.message)",
                    at: pointer.appending(error.instanceLocation))
            }
            if meta.isValid {
                do {
                    _ = try schemas.schema(at: pointer)
                } catch {
                    log.error("schema cannot be compiled: \(error)", at: pointer)
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
            for error in schemas.validate(body, at: schemaPointer).errors.prefix(3) {
                log.warning(
                    "example body is invalid by the request schema but expects \(status): \(error.description)",
                    at: example.pointer.appending("body").appending(error.instanceLocation))
            }
        }
    }

    /// Every place in the document that holds a schema.
    private func schemaPointers() -> [JSONPointer] {
        var pointers: [JSONPointer] = []
        if let named = contract.document["schemas"]?.objectValue {
            pointers += named.keys.map { JSONPointer(tokens: ["schemas", $0]) }
        }
        for endpoint in contract.endpoints {
            pointers += endpoint.parameters.compactMap(\.schemaPointer)
            if let request = endpoint.request?.schemaPointer { pointers.append(request) }
            for response in endpoint.responses {
                if let schema = response.schemaPointer { pointers.append(schema) }
                pointers += response.headers.compactMap(\.schemaPointer)
            }
        }
        return pointers
    }
}

extension JSONPointer {
    /// This pointer followed by the tokens of `other`.
    func appending(_ other: JSONPointer) -> JSONPointer { JSONPointer(tokens: tokens + other.tokens) }
}
