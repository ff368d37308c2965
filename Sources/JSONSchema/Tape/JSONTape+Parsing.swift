extension JSONTape {
    /// Why a document has no tape of its own: it is not JSON (`JSONParser` says why), or it names
    /// a key twice (the `JSONValue` path keeps the last value and reports each duplicate).
    enum ScanOutcome {
        case tape(JSONTape)
        case invalid
        case duplicateKeys
        /// Over the 4 GiB the entries' 32-bit offsets reach, or a string or container over the
        /// 2^28 bytes or members one entry counts.
        case tooLarge
    }

    /// Scans `bytes` without falling back: the validator's fast path.
    static func scan(_ bytes: [UInt8], options: JSONParser.Options) -> ScanOutcome {
        guard bytes.count < Int(UInt32.max) else { return .tooLarge }
        let result = bytes.withUnsafeBufferPointer { buffer -> (ScanOutcome?, EntryStorage?, Int) in
            var scanner = TapeScanner(bytes: buffer, maximumDepth: options.maximumDepth)
            let valid = scanner.scanDocument(allowsByteOrderMark: options.allowsByteOrderMark)
            if scanner.exceedsEntry { return (.tooLarge, nil, 0) }
            if !valid { return (.invalid, nil, 0) }
            if scanner.hasDuplicateKeys { return (.duplicateKeys, nil, 0) }
            return (nil, scanner.entries, scanner.deepest)
        }
        guard let entries = result.1 else { return result.0 ?? .invalid }
        var tape = JSONTape(bytes: bytes, entries: entries)
        tape.nestingDepth = result.2
        return .tape(tape)
    }

    /// Parses `bytes` into a tape.
    ///
    /// A document that names a key twice gets the tape of its `JSONParser` reading (last value
    /// kept), re-serialized, with the duplicates in `duplicateKeys`.
    /// - Throws: the `JSONParseError` `JSONParser` gives for the same input.
    public static func parse(_ bytes: [UInt8], options: JSONParser.Options = .default) throws(JSONParseError)
        -> JSONTape
    {
        switch scan(bytes, options: options) {
        case .tape(let tape):
            return tape
        case .invalid, .duplicateKeys, .tooLarge:
            let document = try JSONParser.parseDocument(bytes, options: options, tryingTape: false)
            let compact = Array(JSONSerializer(style: .compact).string(document.value).utf8)
            guard case .tape(var tape) = scan(compact, options: .init(maximumDepth: Int.max)) else {
                throw JSONParseError(
                    .unexpectedCharacter(found: "a document over 4 GiB", expected: "a smaller document"),
                    at: SourcePosition(line: 1, column: 1, offset: 0))
            }
            tape.duplicateKeys = document.duplicateKeys
            return tape
        }
    }
}
