import ConformTestSupport
import Foundation
import Testing

@testable import JSONSchema

/// Every JSON entry point of the library on every corpus case: the tree parser (with and without
/// positions), the tape, `Schema.isValid(json:)`/`validate(json:)` and the contract reader's
/// options must accept exactly the valid documents, agree with each other on every byte, and never
/// crash (the corpus holds 100,000-deep nesting and runs on Swift Testing's small-stack threads).
@Suite("JSON corpus")
struct JSONCorpusTests {
    /// Accepts every value.
    static let anything: JSONValue = [:]
    /// Accepts every value too, but walks every element and member through `$ref`, so deep
    /// documents recurse through the validator as deep as they nest.
    static let everywhere: JSONValue = [
        "items": ["$ref": "#"], "additionalProperties": ["$ref": "#"], "propertyNames": ["type": "string"],
    ]
    /// The same through annotations (`unevaluated*` after an `anyOf`), the validator's other path.
    static let annotated: JSONValue = [
        "anyOf": [["type": "array"], ["type": "object"], true],
        "unevaluatedItems": ["$ref": "#"], "unevaluatedProperties": ["$ref": "#"],
    ]

    @Test("Conform's corpus has several hundred cases in every group")
    func corpusIsThere() {
        let cases = JSONCorpus.own
        #expect(cases.count > 400, "read \(cases.count) cases from \(JSONCorpus.folder.path)")
        for prefix in ["y_", "n_", "i_accept_", "i_reject_", "i_bom_"] {
            #expect(cases.contains { $0.name.hasPrefix(prefix) }, "no \(prefix) case")
        }
    }

    @Test(
        "every reader accepts y_, rejects n_, follows the i_ decisions and agrees", arguments: JSONCorpus.own)
    func corpus(testCase: JSONCorpusCase) throws {
        let schemas = try Self.schemas()
        Self.check(
            testCase.bytes, skippingByteOrderMark: false,
            expected: testCase.mustAccept(skippingByteOrderMark: false), schemas: schemas, name: testCase.name
        )
        Self.check(
            testCase.bytes, skippingByteOrderMark: true,
            expected: testCase.mustAccept(skippingByteOrderMark: true), schemas: schemas, name: testCase.name)
    }

    static func schemas() throws -> [Schema] {
        try [Schema(anything), Schema(everywhere), Schema(annotated)]
    }

    /// Reads `bytes` through every entry point and records an issue for every disagreement.
    static func check(
        _ bytes: [UInt8], skippingByteOrderMark: Bool, expected: Bool?, schemas: [Schema], name: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let options = JSONParser.Options(allowsByteOrderMark: skippingByteOrderMark)
        let positioned = JSONParser.Options(
            allowsByteOrderMark: skippingByteOrderMark, recordsPositions: true)
        let label = "\(name) (byte order mark \(skippingByteOrderMark ? "skipped" : "rejected"))"

        // The tree parser alone (a slice is not an Array, so no tape is tried first).
        let tree = Result { () throws(JSONParseError) in
            try JSONParser.parseDocument(bytes[...], options: options)
        }
        // The default path: a tape, materialized.
        let fast = Result { () throws(JSONParseError) in try JSONParser.parse(bytes, options: options) }
        let withPositions = Result { () throws(JSONParseError) in
            try JSONParser.parseDocument(bytes, options: positioned)
        }
        let tape = Result { () throws(JSONParseError) in try JSONTape.parse(bytes, options: options) }
        let scanned = JSONTape.scan(bytes, options: options)
        // The validator recurses with large frames per level (see DeepStackTests): the schemas
        // that walk every level only see documents a small thread's stack can take.
        let shallow = nestingDepth(bytes) <= 16
        let judged = (shallow ? schemas : [schemas[0]]).map { schema in
            Result { () throws(JSONParseError) in try schema.isValid(json: bytes, options: options) }
        }
        let validated = Result { () throws(JSONParseError) in
            try schemas[shallow ? 1 : 0].validate(json: bytes, options: options).isValid
        }

        switch tree {
        case .success(let document):
            if let expected, !expected {
                Issue.record("\(label): accepted, must be rejected", sourceLocation: sourceLocation)
            }
            let value = document.value
            #expect((try? fast.get()) == value, "\(label): parse differs", sourceLocation: sourceLocation)
            #expect(
                (try? withPositions.get().value) == value, "\(label): parse with positions differs",
                sourceLocation: sourceLocation)
            #expect(
                (try? tape.get().value) == value, "\(label): tape differs", sourceLocation: sourceLocation)
            #expect(
                (try? withPositions.get().duplicateKeys) == document.duplicateKeys,
                "\(label): duplicate keys differ", sourceLocation: sourceLocation)
            #expect(
                (try? tape.get().duplicateKeys) == document.duplicateKeys, "\(label): tape duplicates differ",
                sourceLocation: sourceLocation)
            switch scanned {
            case .tape: #expect(document.duplicateKeys.isEmpty, "\(label)", sourceLocation: sourceLocation)
            case .duplicateKeys:
                #expect(!document.duplicateKeys.isEmpty, "\(label)", sourceLocation: sourceLocation)
            case .invalid, .tooLarge:
                Issue.record("\(label): the tape scanner rejects it", sourceLocation: sourceLocation)
            }
            for (position, result) in judged.enumerated() {
                #expect(
                    (try? result.get()) == true, "\(label): schema \(position) says \(result)",
                    sourceLocation: sourceLocation)
            }
            #expect(
                (try? validated.get()) == true, "\(label): validate says \(validated)",
                sourceLocation: sourceLocation)
            for style in [JSONSerializer.Style.compact, .pretty] {
                let text = JSONSerializer(style: style).bytes(value)
                #expect(
                    (try? JSONParser.parse(text)) == value, "\(label): \(style) text does not read back",
                    sourceLocation: sourceLocation)
            }
            // The contract loader's reading: a repeated key is an error there.
            let strict = Result { () throws(DocumentReader.ParseError) in
                try DocumentReader.parseDocument(
                    bytes, file: "case.json",
                    options: .init(
                        allowsByteOrderMark: skippingByteOrderMark, recordsPositions: true,
                        rejectsDuplicateKeys: true))
            }
            switch strict {
            case .success: #expect(document.duplicateKeys.isEmpty, "\(label)", sourceLocation: sourceLocation)
            case .failure(let error):
                #expect(
                    !document.duplicateKeys.isEmpty, "\(label): strict reading fails: \(error)",
                    sourceLocation: sourceLocation)
            }
        case .failure(let error):
            if let expected, expected {
                Issue.record("\(label): rejected, must be accepted: \(error)", sourceLocation: sourceLocation)
            }
            #expect(
                error.position.line >= 1 && error.position.column >= 1, "\(label): \(error)",
                sourceLocation: sourceLocation)
            #expect(
                error.position.offset <= bytes.count, "\(label): \(error)", sourceLocation: sourceLocation)
            #expect(!error.message.isEmpty, sourceLocation: sourceLocation)
            let errors: [(String, Result<Void, JSONParseError>)] =
                [
                    ("parse", fast.map { _ in }), ("parse with positions", withPositions.map { _ in }),
                    ("tape", tape.map { _ in }), ("validate", validated.map { _ in }),
                ] + judged.enumerated().map { ("isValid \($0.offset)", $0.element.map { _ in }) }
            for (reader, result) in errors {
                switch result {
                case .success: Issue.record("\(label): \(reader) accepts it", sourceLocation: sourceLocation)
                case .failure(let other):
                    #expect(
                        other == error, "\(label): \(reader) says \(other), not \(error)",
                        sourceLocation: sourceLocation)
                }
            }
            if case .invalid = scanned {
            } else {
                Issue.record("\(label): the tape scanner does not reject it", sourceLocation: sourceLocation)
            }
            let strict = Result { () throws(DocumentReader.ParseError) in
                try DocumentReader.parseDocument(
                    bytes, file: "case.json",
                    options: .init(allowsByteOrderMark: skippingByteOrderMark, rejectsDuplicateKeys: true))
            }
            if case .success = strict {
                Issue.record("\(label): the contract reader accepts it", sourceLocation: sourceLocation)
            }
        }
    }

    /// The deepest nesting of brackets outside strings (enough to tell shallow from deep).
    static func nestingDepth(_ bytes: [UInt8]) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    // MARK: - Mutations

    /// Every byte with a role in JSON or in UTF-8.
    static let specialBytes: [UInt8] =
        Array(#"{}[]":,\/-+.0123456789eEtfnu "#.utf8) + [
            0x00, 0x01, 0x09, 0x0A, 0x0C, 0x0D, 0x1F, 0x7F, 0x80, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0,
            0xED,
            0xEF, 0xBB, 0xF0, 0xF4, 0xF5, 0xFE, 0xFF,
        ]

    @Test("every prefix of every small valid case: no crash, every reader agrees")
    func truncations() throws {
        let schemas = try Self.schemas()
        for testCase in JSONCorpus.own where testCase.expectation == .accept && testCase.bytes.count <= 64 {
            for end in 0..<testCase.bytes.count {
                Self.check(
                    Array(testCase.bytes[..<end]), skippingByteOrderMark: false, expected: nil,
                    schemas: schemas,
                    name: "\(testCase.name)[..<\(end)]")
            }
        }
    }

    @Test("seeded mutations of the valid cases (flips, insertions, deletions of special bytes) agree")
    func mutations() throws {
        let schemas = try Self.schemas()
        let seeds = JSONCorpus.own.filter { $0.expectation == .accept && $0.bytes.count <= 600 }
        try #require(!seeds.isEmpty)
        var random = SplitMix64(state: 0x5EED_0018)
        for round in 0..<10_000 {
            let seed = seeds[round % seeds.count]
            var bytes = seed.bytes
            var edits: [String] = []
            for _ in 0..<(1 + random.below(3)) {
                let position = random.below(bytes.count + 1)
                let special = Self.specialBytes[random.below(Self.specialBytes.count)]
                switch random.below(4) {
                case 0:
                    bytes.insert(special, at: position)
                    edits.append("insert \(special) at \(position)")
                case 1 where position < bytes.count:
                    bytes[position] ^= UInt8(1 << random.below(8))
                    edits.append("flip a bit at \(position)")
                case 2 where position < bytes.count:
                    bytes[position] = special
                    edits.append("set \(special) at \(position)")
                default:
                    if position < bytes.count { bytes.remove(at: position) }
                    edits.append("delete at \(position)")
                }
            }
            Self.check(
                bytes, skippingByteOrderMark: round % 2 == 0, expected: nil, schemas: schemas,
                name: "\(seed.name) after \(edits.joined(separator: ", "))")
        }
    }
}
