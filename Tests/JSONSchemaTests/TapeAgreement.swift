import Testing

@testable import JSONSchema

/// Expects the tape scanner and the parser to accept the same input, read the same value and see
/// the same duplicate keys. With positions recorded, `JSONParser` builds its tree byte by byte
/// itself (without, it reads a tape), so the two readings are independent.
func expectTapeAgreesWithParser(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
    let parsed = Result { () throws(JSONParseError) in
        try JSONParser.parseDocument(bytes, options: .init(recordsPositions: true))
    }
    let scanned = JSONTape.scan(bytes, options: .default)
    switch (parsed, scanned) {
    case (.success(let document), .tape(let tape)):
        #expect(document.duplicateKeys.isEmpty, sourceLocation: sourceLocation)
        #expect(tape.value == document.value, "\(bytes)", sourceLocation: sourceLocation)
    case (.success(let document), .duplicateKeys):
        #expect(!document.duplicateKeys.isEmpty, sourceLocation: sourceLocation)
    case (.failure, .invalid):
        break
    default:
        Issue.record(
            "parser and tape disagree on \(String(decoding: bytes, as: UTF8.self)) \(bytes): \(parsed) / \(scanned)",
            sourceLocation: sourceLocation)
    }
}
