public import JSONSchema

/// The compiled schemas of one contract, compiled on first use and shared by every check, the mock
/// and the linter, so each schema is compiled once per run whatever the number of requests.
public final class ContractSchemas: Sendable {
    public let contract: Contract
    private let cache = Locked<[JSONPointer: Result<Schema, SchemaError>]>([:])

    public init(contract: Contract) { self.contract = contract }

    /// The compiled schema at `pointer` in the contract document.
    public func schema(at pointer: JSONPointer) throws(SchemaError) -> Schema {
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
