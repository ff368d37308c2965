import Foundation
import Testing

@testable import JSONSchema

/// Nesting at the limit must work, and past it be a clean error, on a 512 KiB thread stack: every
/// recursive walk over a value (parser, tape, materialization, serializer, equality, hashing,
/// validator) is run at `JSONParser.defaultMaximumDepth`.
@Suite("JSON nesting depth")
struct DeepNestingTests {
    static let limit = JSONParser.defaultMaximumDepth

    static func arrays(_ depth: Int, leaf: String = "") -> [UInt8] {
        Array((String(repeating: "[", count: depth) + leaf + String(repeating: "]", count: depth)).utf8)
    }

    static func objects(_ depth: Int, leaf: String = "0") -> [UInt8] {
        Array((String(repeating: "{\"a\":", count: depth) + leaf + String(repeating: "}", count: depth)).utf8)
    }

    /// `[{"":[{"":…0…}]}]`, `depth` containers in all.
    static func mixed(_ depth: Int) -> [UInt8] {
        Array(
            (String(repeating: "[{\"\":", count: depth / 2) + "0" + String(repeating: "}]", count: depth / 2))
                .utf8)
    }

    @Test("the limit is 512, defined once, and the default of every option")
    func limit() {
        #expect(Self.limit == 512)
        #expect(JSONParser.Options().maximumDepth == Self.limit)
        #expect(JSONParser.Options.default.maximumDepth == Self.limit)
    }

    @Test("at the limit, every reader and walk over the value gives the right answer")
    func atTheLimit() throws {
        for document in [Self.arrays(Self.limit), Self.objects(Self.limit), Self.mixed(Self.limit)] {
            // Readers, serializer, equality and hashing need little stack (DeepStackTests).
            onSmallStack {
                do {
                    let value = try JSONParser.parse(document)
                    let tree = try JSONParser.parse(document[...])
                    let positioned = try JSONParser.parseDocument(
                        document, options: .init(recordsPositions: true))
                    let tape = try JSONTape.parse(document)
                    #expect(tree == value)
                    #expect(positioned.value == value)
                    #expect(tape.value == value)
                    #expect(tree.hashValue == value.hashValue)
                    #expect(try JSONParser.parse(JSONSerializer(style: .pretty).bytes(value)) == value)
                    #expect(try JSONParser.parse(value.compactText) == value)
                    #expect(value != (try JSONParser.parse(Self.arrays(Self.limit - 1))))
                } catch {
                    Issue.record("\(error)")
                }
            }
            // The validator recurses once per level, with large frames in a debug build: checked
            // on a large stack here, measured in DeepStackTests.
            let hasZero = document.contains(UInt8(ascii: "0"))
            let verdicts = StackProbe.onLargeStack { () -> [Bool?] in
                [
                    try? DeepPath.everywhere?.isValid(json: document),
                    try? DeepPath.annotated?.isValid(json: document),
                    try? DeepPath.noZero?.isValid(json: document),
                    try? DeepPath.noZero?.validate(json: document).isValid,
                    try? DeepPath.noZero?.validate(json: document).errors.contains {
                        $0.instanceLocation.tokens.count == Self.limit
                    },
                ]
            }
            #expect(verdicts == [true, true, !hasZero, !hasZero, hasZero])
        }
    }

    @Test(
        "past the limit: an error naming the limit, the pointer and line:column",
        arguments: [513, 600, 100_000])
    func pastTheLimit(depth: Int) throws {
        let anything = try Schema(true)
        for (kind, document) in [
            ("arrays", Self.arrays(depth)), ("objects", Self.objects(depth)),
            ("mixed", Self.mixed(depth + 1)),
        ] {
            onSmallStack {
                let errors: [JSONParseError?] = [
                    Self.failure { () throws(JSONParseError) in _ = try JSONParser.parse(document) },
                    Self.failure { () throws(JSONParseError) in _ = try JSONParser.parse(document[...]) },
                    Self.failure { () throws(JSONParseError) in
                        _ = try JSONParser.parseDocument(document, options: .init(recordsPositions: true))
                    },
                    Self.failure { () throws(JSONParseError) in _ = try JSONTape.parse(document) },
                    Self.failure { () throws(JSONParseError) in _ = try anything.isValid(json: document) },
                ].map { $0 }
                for error in errors {
                    guard let error else {
                        Issue.record("\(kind) \(depth): accepted")
                        continue
                    }
                    #expect(error.reason == .tooDeep(limit: Self.limit), "\(kind): \(error)")
                    #expect(error.pointer?.tokens.count == Self.limit, "\(kind): \(error)")
                    #expect(error.position.line == 1)
                    #expect(error.message.contains("512"), "\(error)")
                    #expect(
                        error == errors[0],
                        "\(kind): the readers disagree: \(error) vs \(String(describing: errors[0]))")
                }
                switch kind {
                case "arrays":
                    #expect(errors[0]?.position.column == Self.limit + 1)
                    #expect(
                        errors[0]?.pointer == JSONPointer(tokens: Array(repeating: "0", count: Self.limit)))
                    #expect(
                        errors[0]?.description
                            == "1:513: nesting deeper than 512 levels of arrays and objects at /0/0/0/0/…(504 more)…/0/0/0/0 (the limit of JSONParser.Options.maximumDepth)"
                    )
                case "objects":
                    #expect(errors[0]?.position.column == Self.limit * 5 + 1)
                    #expect(errors[0]?.pointer?.tokens.allSatisfy { $0 == "a" } == true)
                default:
                    #expect(errors[0]?.pointer?.tokens.prefix(4) == ["0", "", "0", ""])
                }
            }
        }
    }

    @Test("equality and hashing agree past the levels they recurse: key order free, 1 == 1.0")
    func equalityAndHashing() throws {
        func nested(_ depth: Int, swapped: Bool, leaf: String) -> String {
            var text = leaf
            for level in 0..<depth {
                text =
                    swapped
                    ? #"{"n": [\#(level).0, "x"], "a": \#(text)}"#
                    : #"{"a": \#(text), "n": [\#(level), "x"]}"#
            }
            return text
        }
        for depth in [1, 23, 24, 25, 100, 500] {
            let one = try JSONParser.parse(nested(depth, swapped: false, leaf: "[1, {}]"))
            let other = try JSONParser.parse(nested(depth, swapped: true, leaf: "[1.0, {}]"))
            let different = try JSONParser.parse(nested(depth, swapped: true, leaf: "[2, {}]"))
            #expect(one == other, "depth \(depth)")
            #expect(one.hashValue == other.hashValue, "depth \(depth)")
            #expect(one != different, "depth \(depth)")
            #expect(Set([one, other, different]).count == 2, "depth \(depth)")
        }
    }

    @Test("the pointer of a too-deep value counts the elements before it")
    func pointerCountsElements() throws {
        let text = #"{"a": [1, 2, {"b": [[], [["x"]]]}]}"#
        do {
            _ = try JSONParser.parse(text, options: .init(maximumDepth: 5))
            Issue.record("accepted")
        } catch {
            #expect(error.pointer == JSONPointer("/a/2/b/1/0"), "\(error)")
            #expect(error.position.column == 26, "\(error)")
        }
    }

    @Test("a lower limit is honoured by the tape as by the parser")
    func lowerLimit() throws {
        let anything = try Schema(true)
        let document = Self.arrays(10)
        #expect(throws: Never.self) { try JSONTape.parse(document, options: .init(maximumDepth: 10)) }
        #expect(throws: JSONParseError.self) { try JSONTape.parse(document, options: .init(maximumDepth: 9)) }
        #expect(throws: JSONParseError.self) {
            try anything.isValid(json: document, options: .init(maximumDepth: 9))
        }
    }

    static func failure(_ body: () throws(JSONParseError) -> Void) -> JSONParseError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }
}

@Suite("JSON text encodings")
struct JSONEncodingTests {
    @Test(
        "UTF-16 and UTF-32 input is rejected with a message naming the encoding",
        arguments: [
            ("UTF-16LE", [0xFF, 0xFE] + Array("[1]".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
            ("UTF-16BE", [0xFE, 0xFF] + Array("[1]".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }),
            ("UTF-16LE", Array("{}".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
            ("UTF-16BE", Array("{}".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }),
            ("UTF-16LE", [0x32, 0x00]),
            ("UTF-32LE", [0xFF, 0xFE, 0, 0, 0x5B, 0, 0, 0, 0x5D, 0, 0, 0]),
            ("UTF-32BE", [0, 0, 0xFE, 0xFF, 0, 0, 0, 0x5B, 0, 0, 0, 0x5D]),
            ("UTF-32LE", [0x5B, 0, 0, 0, 0x5D, 0, 0, 0]),
            ("UTF-32BE", [0, 0, 0, 0x5B, 0, 0, 0, 0x5D]),
        ] as [(String, [UInt8])])
    func wideEncodings(encoding: String, bytes: [UInt8]) {
        for result in [
            DeepNestingTests.failure { () throws(JSONParseError) in _ = try JSONParser.parse(bytes) },
            DeepNestingTests.failure { () throws(JSONParseError) in _ = try JSONTape.parse(bytes) },
            DeepNestingTests.failure { () throws(JSONParseError) in
                _ = try JSONParser.parseDocument(
                    bytes, options: .init(allowsByteOrderMark: true, recordsPositions: true))
            },
        ] {
            #expect(result?.reason == .notUTF8(encoding: encoding), "\(String(describing: result))")
            #expect(
                result?.description.hasPrefix("1:1: input looks like \(encoding) text; JSON must be UTF-8")
                    == true)
        }
    }

    @Test(
        "a NUL byte next to ASCII is not taken for UTF-16",
        arguments: ["[\u{0}]", "\u{0}[]", "[]\u{0}", "[1,\u{0}]"])
    func nulIsNotUTF16(text: String) {
        let error = DeepNestingTests.failure { () throws(JSONParseError) in _ = try JSONParser.parse(text) }
        #expect(error != nil)
        if case .notUTF8 = error?.reason { Issue.record("\(String(describing: error))") }
    }

    @Test("one UTF-8 byte order mark: rejected by default, skipped when allowed; a second is an error")
    func byteOrderMark() throws {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(throws: JSONParseError(.byteOrderMark, at: .init(line: 1, column: 1, offset: 0))) {
            try JSONParser.parse(mark + Array("{}".utf8))
        }
        #expect(
            try JSONParser.parse(mark + Array("{}".utf8), options: .init(allowsByteOrderMark: true)) == [:])
        #expect(throws: JSONParseError.self) {
            try JSONParser.parse(mark + mark + Array("{}".utf8), options: .init(allowsByteOrderMark: true))
        }
        #expect(throws: JSONParseError(.emptyInput, at: .init(line: 1, column: 1, offset: 3))) {
            try JSONParser.parse(mark, options: .init(allowsByteOrderMark: true))
        }
    }

    @Test("lone surrogate escapes are rejected by both readers, a pair is decoded")
    func surrogates() throws {
        for text in [#""\uD800""#, #""\uDD1E\uD834""#, #""\uD834x""#, #"{"\uDC00":1}"#] {
            let bytes = Array(text.utf8)
            let parsed = DeepNestingTests.failure { () throws(JSONParseError) in
                _ = try JSONParser.parse(bytes[...])
            }
            #expect(parsed?.message.contains("unpaired UTF-16 surrogate") == true, "\(text)")
            guard case .invalid = JSONTape.scan(bytes, options: .default) else {
                Issue.record("the tape accepts \(text)")
                continue
            }
        }
        #expect(try JSONParser.parse(#""\uD834\uDD1E""#) == "\u{1D11E}")
        #expect(try JSONTape.parse(Array(#""\uD834\uDD1E""#.utf8)).value == "\u{1D11E}")
    }

    @Test("huge and tiny numbers are kept exactly as written")
    func hugeNumbers() throws {
        for literal in [
            "1E400", "-1e-400", String(repeating: "9", count: 100), "0." + String(repeating: "1", count: 60),
            "70e99999999999", "-3.5e-12345678901234567", "-99.99e" + String(repeating: "9", count: 40),
            "1.5e-" + String(repeating: "7", count: 19), "1e999999999999999999",
        ] {
            let value = try JSONParser.parse(literal)
            let tape = try JSONTape.parse(Array(literal.utf8)).value
            #expect(value == tape)
            let again = try JSONParser.parse(value.compactText)
            #expect(again == value, "\(literal) became \(value.compactText)")
        }
        #expect(try JSONParser.parse("1E400") != JSONParser.parse("1E401"))
        #expect(try JSONParser.parse("7e99999999999") != JSONParser.parse("7e99999999998"))
        #expect(
            try JSONParser.parse(String(repeating: "9", count: 100))
                != JSONParser.parse(String(repeating: "9", count: 99) + "8"))
    }
}

/// One recursive walk over a value, measured at the limit.
struct DeepPath: Sendable, CustomTestStringConvertible {
    var name: String
    var run: @Sendable (Input) -> Void
    var testDescription: String { name }

    static let everywhere: Schema? = try? Schema([
        "items": ["$ref": "#"], "additionalProperties": ["$ref": "#"],
        "type": ["array", "object", "integer"],
    ])
    static let annotated: Schema? = try? Schema([
        "anyOf": [["type": "array"], ["type": "object"], true],
        "unevaluatedItems": ["$ref": "#"], "unevaluatedProperties": ["$ref": "#"],
    ])
    static let noZero: Schema? = try? Schema([
        "items": ["$ref": "#"], "additionalProperties": ["$ref": "#"], "not": ["const": 0],
    ])

    /// A document and its value, read before the measurement (through the tape, which is shallow).
    struct Input: Sendable {
        var bytes: [UInt8]
        var value: JSONValue
        var copy: JSONValue
        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            value = (try? JSONParser.parse(bytes)) ?? .null
            copy = (try? JSONParser.parse(bytes)) ?? .null
        }
    }

    static let all: [DeepPath] = [
        DeepPath(name: "tree parser") { _ = try? JSONParser.parse($0.bytes[...]) },
        DeepPath(name: "tree parser with positions") {
            _ = try? JSONParser.parseDocument($0.bytes, options: .init(recordsPositions: true))
        },
        DeepPath(name: "tape scan") { _ = JSONTape.scan($0.bytes, options: .default) },
        DeepPath(name: "parse (tape, then materialize)") { _ = try? JSONParser.parse($0.bytes) },
        DeepPath(name: "serializer compact") { _ = JSONSerializer(style: .compact).bytes($0.value) },
        DeepPath(name: "serializer pretty") { _ = JSONSerializer(style: .pretty).bytes($0.value) },
        DeepPath(name: "equality") { _ = $0.value == $0.copy },
        DeepPath(name: "hash") { _ = $0.value.hashValue },
        DeepPath(name: "release of a value") { input in
            var value = input.value
            value = (try? JSONParser.parse(input.bytes)) ?? .null
            _ = value
        },
        DeepPath(
            name: "isValid(json:), $ref on every level",
            run: { _ = try? everywhere?.isValid(json: $0.bytes) }),
        DeepPath(
            name: "isValid(json:), unevaluated*", run: { _ = try? annotated?.isValid(json: $0.bytes) }),
        DeepPath(
            name: "validate(json:) with errors", run: { _ = try? noZero?.validate(json: $0.bytes) }),
        DeepPath(
            name: "validate(JSONValue), $ref on every level", run: { _ = everywhere?.validate($0.value) }),
        DeepPath(
            name: "DocumentReader YAML flow", run: { _ = try? DocumentReader.parse($0.bytes, format: .yaml) }),
    ]
}

@Suite("JSON nesting depth: stack use")
struct DeepStackTests {
    /// Dispatch's and Swift Testing's worker threads have 512 KiB; leave the caller 96 KiB.
    static let budget = 416 * 1024

    @Test("every walk at the limit fits a 512 KiB thread stack", arguments: DeepPath.all)
    func stack(path: DeepPath) {
        // At the limit, and at the deepest input the validator and YAML reader still walk on the
        // caller's thread (`LargeStack.inlineDepth`; deeper input moves to a stack of its own).
        let inline = LargeStack.inlineDepth
        for (kind, document) in [
            ("arrays at 512", DeepNestingTests.arrays(512, leaf: "0")),
            ("objects at 512", DeepNestingTests.objects(512)), ("mixed at 512", DeepNestingTests.mixed(512)),
            ("arrays at \(inline)", DeepNestingTests.arrays(inline, leaf: "0")),
            ("objects at \(inline)", DeepNestingTests.objects(inline)),
        ] {
            let input = DeepPath.Input(document)
            let small = DeepPath.Input(DeepNestingTests.arrays(8, leaf: "0"))
            let used = StackProbe.bytesUsed { path.run(input) }
            let shallow = StackProbe.bytesUsed { path.run(small) }
            print("stack: \(path.name), \(kind): \(used / 1024) KiB (\(shallow / 1024) KiB at depth 8)")
            #expect(used <= Self.budget, "\(path.name), \(kind): \(used / 1024) KiB")
        }
    }
}

@Suite("JSONValue nesting depth")
struct NestingDepthTests {
    @Test(
        "exact up to the bound, past it once deeper",
        arguments: [
            ("1", 0), ("[]", 1), ("{}", 1), ("[[1]]", 2), (#"{"a": [1, {"b": []}], "c": 2}"#, 4),
            (String(repeating: "[", count: 8) + String(repeating: "]", count: 8), 8),
        ])
    func depth(text: String, expected: Int) throws {
        #expect(try JSONParser.parse(text).nestingDepth(upTo: 8) == expected)
    }

    @Test("a value deeper than the bound is reported deeper, without walking it to the end")
    func deeper() throws {
        let deep = try JSONParser.parse(DeepNestingTests.arrays(500, leaf: "0"))
        #expect(deep.nestingDepth(upTo: 8) > 8)
        #expect(deep.nestingDepth(upTo: 8) <= 10)
    }
}
