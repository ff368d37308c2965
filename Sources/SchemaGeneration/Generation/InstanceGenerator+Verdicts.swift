package import JSONSchema

/// How generation asks the package's one validator (`DocumentValidator`, JSONSchema) whether a
/// candidate value is valid: the `oneOf` branch that must not also match, `not`, `if`, `enum` values
/// that must also meet sibling keywords, and the values a merge may have let through.
extension InstanceGenerator {
    /// The options the generator's schemas are compiled with. `format` is an annotation (each format
    /// builder verifies its own strings); a pattern the regex engine cannot compile, a reference
    /// that resolves nowhere and a schema nested past the cycle guard count as matching, since the
    /// generator cannot know better there and a server's verdict is the contract's validator's.
    package static let validatorOptions: SchemaOptions = {
        var options = SchemaOptions(assertsFormats: false)
        options.leniency = [.unresolvedReferences, .uncompilablePatterns, .recursionLimit]
        return options
    }()

    /// Whether `value` satisfies `schema`, met at `location` when the caller knows where it stands
    /// in the document. `memo` holds the verdicts already reached for this instance's parts: a
    /// value checked again against a schema it was verified against is not walked again.
    package func matches(
        _ value: JSONValue, _ schema: JSONValue, at location: JSONPointer? = nil, memo: VerdictMemo? = nil
    ) -> Bool {
        if let memo, value.isRecordWorthy, memo.isKnownValid(value, schema) { return true }
        return validator.isValid(value, against: schema, at: location)
    }
}
