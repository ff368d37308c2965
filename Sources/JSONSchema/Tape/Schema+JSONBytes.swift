extension Schema {
    /// Whether the JSON text `bytes` is valid, read into a `JSONTape` and validated on it without
    /// building a `JSONValue`: the fast path for response bodies and `conform validate`.
    ///
    /// A document that names a key twice is judged as `JSONParser` reads it (the last value wins).
    /// - Throws: the `JSONParseError` `JSONParser` gives when `bytes` is not JSON.
    public func isValid(json bytes: [UInt8], options: JSONParser.Options = .default) throws(JSONParseError)
        -> Bool
    {
        let verdict = bytes.withUnsafeBufferPointer { streamedVerdict($0, options: options, progress: nil) }
        switch verdict {
        case .valid: return true
        case .invalid: return false
        case .undecided: return try isValidOnTape(bytes, options: options)
        }
    }

    /// `isValid(json:)` on a tape of the whole text, for what the streaming validator leaves
    /// undecided (text that is not JSON or names a key twice).
    func isValidOnTape(_ bytes: [UInt8], options: JSONParser.Options) throws(JSONParseError) -> Bool {
        switch JSONTape.scan(bytes, options: options) {
        case .tape(let tape):
            return isValid(tape)
        case .invalid, .duplicateKeys, .tooLarge:
            return isValid(try JSONParser.parseWithoutTape(bytes, options: options))
        }
    }

    /// Validates the JSON text `bytes` with every error, as `validate(_:)` reports them: a valid
    /// document is decided while it is read; an invalid one is materialized once for the messages.
    public func validate(json bytes: [UInt8], options: JSONParser.Options = .default) throws(JSONParseError)
        -> ValidationResult
    {
        let verdict = bytes.withUnsafeBufferPointer { streamedVerdict($0, options: options, progress: nil) }
        if case .valid = verdict { return ValidationResult(isValid: true, errors: []) }
        switch JSONTape.scan(bytes, options: options) {
        case .tape(let tape):
            if case .undecided = verdict, isValid(tape) { return ValidationResult(isValid: true, errors: []) }
            // The scan measured the depth: no second walk to choose the stack.
            return LargeStack.run(depth: tape.nestingDepth) { evaluate(tape.value) }
        case .invalid, .duplicateKeys, .tooLarge:
            return validate(try JSONParser.parseWithoutTape(bytes, options: options))
        }
    }

    /// Whether the document on `tape` is valid.
    public func isValid(_ tape: JSONTape) -> Bool {
        // The tape validator recurses per level: a deep document gets a stack of its own.
        LargeStack.run(depth: tape.nestingDepth) {
            if program.usesDynamicScope { return evaluate(tape.value, verbose: false).isValid }
            let tapeProgram = program.tapeProgram
            return tape.bytes.withUnsafeBufferPointer { buffer in
                tape.entries.withUnsafeBufferPointer { entries in
                    tapeProgram.withTables { tables in
                        var validator = TapeValidator(
                            program: program, tapeProgram: tapeProgram, tables: tables, entries: entries,
                            bytes: buffer)
                        return validator.validate(program.root, at: tape.root)
                    }
                }
            }
        }
    }
}
