public import JSONSchema

extension Check {
    /// The JSON body names no key twice in one object. RFC 8259 allows it, but clients disagree on
    /// which value wins (most keep the last, some the first, some reject the body), so the server's
    /// meaning is not the one every client sees.
    public static let duplicateKeys = Check(name: .duplicateKeys) { context in
        context.duplicateKeys.prefix(20).map { duplicate in
            Finding(
                check: .duplicateKeys,
                message:
                    "the body gives key \"\(duplicate.key)\" twice in one object (at \(duplicate.first) and \(duplicate.again)); clients disagree on which value wins",
                pointer: duplicate.pointer.description, expected: "each key once per object",
                actual: "\"\(duplicate.key)\" twice")
        }
    }
}
