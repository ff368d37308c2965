import ConformHTTP
public import JSONSchema

/// The compiled schemas of one contract, compiled on first use and shared by every check, the mock
/// and the linter, so each schema is compiled once per run whatever the number of requests.
public final class ContractSchemas: Sendable {
    public let contract: Contract
    private let cache = Locked<[JSONPointer: Result<Schema, SchemaError>]>([:])
    private let batched = Locked<Bool>(false)
    /// Per schema pointer, whether it marks any value `writeOnly` (``reachesWriteOnly(_:)``).
    let writeOnlyReach = Locked<[JSONPointer: Bool]>([:])

    public init(contract: Contract) { self.contract = contract }

    /// The compiled schemas of `contract`, shared by everything in the process that checks it:
    /// `conform run` lints, serves its embedded mock and replays the same document, and compiles
    /// each schema once. Found again by document (copies of one document compare in constant
    /// time), base URI and format assertion; the last few contracts are kept.
    public static func shared(for contract: Contract) -> ContractSchemas {
        registry.withLock { kept in
            if let found = kept.first(where: { $0.serves(contract) }) { return found }
            let made = ContractSchemas(contract: contract)
            kept.append(made)
            if kept.count > keptContracts { kept.removeFirst() }
            return made
        }
    }

    private static let registry = Locked<[ContractSchemas]>([])
    private static let keptContracts = 4

    /// Whether these schemas are the ones `other` would compile.
    private func serves(_ other: Contract) -> Bool {
        contract.baseURI == other.baseURI && contract.assertsFormats == other.assertsFormats
            && contract.endpoints.count == other.endpoints.count && contract.document == other.document
    }

    /// The compiled schema at `pointer` in the contract document.
    ///
    /// The first call compiles every schema the contract declares (named schemas, parameters,
    /// requests, responses, headers) as one ``SchemaBatch``, so a schema that many endpoints
    /// reference through `$ref` is compiled once; other pointers are compiled on their own.
    public func schema(at pointer: JSONPointer) throws(SchemaError) -> Schema {
        compileDeclaredSchemasOnce()
        if let cached = cache.withLock({ $0[pointer] }) { return try cached.get() }
        let compiled: Result<Schema, SchemaError>
        do {
            compiled = .success(
                try Schema(
                    document: contract.document, at: pointer, baseURI: contract.baseURI,
                    options: SchemaOptions(assertsFormats: contract.assertsFormats)))
        } catch {
            compiled = .failure(error)
        }
        cache.withLock { $0[pointer] = compiled }
        return try compiled.get()
    }

    private func compileDeclaredSchemasOnce() {
        batched.withLock { done in
            guard !done else { return }
            done = true
            let results = SchemaBatch.compile(
                document: contract.document, at: Self.declaredSchemaPointers(of: contract),
                baseURI: contract.baseURI, options: SchemaOptions(assertsFormats: contract.assertsFormats))
            cache.withLock { cache in cache.merge(results) { current, _ in current } }
        }
    }

    /// Every place in the contract document that holds a schema.
    static func declaredSchemaPointers(of contract: Contract) -> [JSONPointer] {
        var pointers: [JSONPointer] = []
        if let named = contract.document["schemas"]?.objectValue {
            pointers += named.members.filter { ContractDecoder.isSchema($0.value) }.map {
                JSONPointer(tokens: ["schemas", $0.key])
            }
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

    /// Validates `value` against the schema at `pointer`; a schema that does not compile is reported
    /// as one error at the root, never a crash.
    public func validate(_ value: JSONValue, at pointer: JSONPointer) -> ValidationResult {
        do {
            return try schema(at: pointer).validate(value)
        } catch {
            let failure = ValidationError(
                instanceLocation: .root, keywordLocation: .root, absoluteKeywordLocation: nil,
                keyword: "$schema",
                message: "the contract's schema at \(pointer.displayText) cannot be used: \(error)")
            return ValidationResult(isValid: false, errors: [failure])
        }
    }
}
