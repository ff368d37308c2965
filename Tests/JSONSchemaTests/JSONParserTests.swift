import Testing

@testable import JSONSchema

/// A malformed input and where and why the parser must reject it.
struct MalformedCase: Sendable, CustomTestStringConvertible {
    var label: String
    var bytes: [UInt8]
    var line: Int
    var column: Int
    var messageContains: String
    var testDescription: String { label }

    init(_ label: String, _ text: String, _ line: Int, _ column: Int, _ messageContains: String) {
        self.init(label, Array(text.utf8), line, column, messageContains)
    }

    init(_ label: String, _ bytes: [UInt8], _ line: Int, _ column: Int, _ messageContains: String) {
        self.label = label
        self.bytes = bytes
        self.line = line
        self.column = column
        self.messageContains = messageContains
    }
}

@Suite("JSONParser")
struct JSONParserTests {
    @Test("keeps object key order and round-trips through the serializer")
    func keyOrder() throws {
        let text = #"{"zeta":1,"alpha":[true,false,null],"mid":{"b":"x","a":-2.5e-3}}"#
        let value = try JSONParser.parse(text)
        #expect(value.objectValue?.keys == ["zeta", "alpha", "mid"])
        #expect(value.compactText == #"{"zeta":1,"alpha":[true,false,null],"mid":{"b":"x","a":-0.0025}}"#)
        #expect(try JSONParser.parse(value.prettyText) == value)
    }

    @Test(
        "numbers stay exact",
        arguments: [
            ("9007199254740993", "9007199254740993"), ("-9223372036854775808", "-9223372036854775808"),
            ("123456789012345678901234567890", "123456789012345678901234567890"), ("1.0", "1"),
            ("0.1", "0.1"),
            ("-0", "0"), ("1E3", "1000"), ("2.50", "2.5"),
        ])
    func numbers(pair: (String, String)) throws {
        let value = try JSONParser.parse(pair.0)
        #expect(value.compactText == pair.1)
    }

    @Test("1.0 is an integer for JSON Schema")
    func integralDouble() throws {
        #expect(try JSONParser.parse("1.0").specificTypeName == "integer")
        #expect(try JSONParser.parse("1.5").specificTypeName == "number")
    }

    @Test("escapes and surrogate pairs decode")
    func escapes() throws {
        let value = try JSONParser.parse(#""a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00""#)
        #expect(value.stringValue == "a\"b\\c/d\u{8}\u{c}\n\r\té😀")
        #expect(try JSONParser.parse(#""\u0000""#).stringValue == "\u{0}")
    }

    @Test("multi-byte UTF-8 is kept and columns count characters")
    func utf8() throws {
        #expect(try JSONParser.parse("\"crème brûlée 🍮\"").stringValue == "crème brûlée 🍮")
        do {
            _ = try JSONParser.parse("[\"é\", x]")
            Issue.record("expected an error")
        } catch {
            #expect(error.position.column == 7)
        }
    }

    @Test(
        "rejects malformed input with line:column and what was expected",
        arguments: [
            MalformedCase("empty", "", 1, 1, "found no content"),
            MalformedCase("only whitespace", "  \n ", 2, 2, "found no content"),
            MalformedCase("trailing comma", "[1,2,]", 1, 6, "expected a JSON value, found ']'"),
            MalformedCase("missing colon", "{\"a\" 1}", 1, 6, "expected ':' after an object key, found '1'"),
            MalformedCase("single quotes", "{'a': 1}", 1, 2, "expected a string key or '}'"),
            MalformedCase("unterminated string", "\"abc", 1, 5, "'\"' to close the string"),
            MalformedCase("unterminated array", "[1, 2", 1, 6, "expected ',' or ']'"),
            MalformedCase("leading zero", "012", 1, 1, "leading zeros"),
            MalformedCase("bare dot", "1.", 1, 1, "expected a digit after '.'"),
            MalformedCase("capitalised literal", "True", 1, 1, "found 'True'"),
            MalformedCase("NaN token", "NaN", 1, 1, "found 'NaN'"),
            MalformedCase("Infinity token", "[Infinity]", 1, 2, "found 'Infinity'"),
            MalformedCase("bad escape", "\"a\\x\"", 1, 3, "invalid escape sequence"),
            MalformedCase("lone high surrogate", "\"\\ud83d\"", 1, 2, "unpaired UTF-16 surrogate"),
            MalformedCase("lone low surrogate", "\"\\ude00x\"", 1, 2, "unpaired UTF-16 surrogate"),
            MalformedCase("raw control character", "\"a\tb\"", 1, 3, "control character U+0009"),
            MalformedCase(
                "trailing garbage", "{} x", 1, 4, "expected end of input after the JSON value, found 'x'"),
            MalformedCase("second document", "1\n2", 2, 1, "expected end of input"),
            MalformedCase("byte order mark", [0xEF, 0xBB, 0xBF] + Array("{}".utf8), 1, 1, "byte order mark"),
            MalformedCase("invalid UTF-8 continuation", [0x22, 0xC3, 0x28, 0x22], 1, 2, "invalid UTF-8"),
            MalformedCase("overlong UTF-8", [0x22, 0xC0, 0xAF, 0x22], 1, 2, "invalid UTF-8"),
            MalformedCase("UTF-8 surrogate", [0x22, 0xED, 0xA0, 0x80, 0x22], 1, 2, "invalid UTF-8"),
            MalformedCase("truncated UTF-8", [0x22, 0xE2, 0x82], 1, 2, "invalid UTF-8"),
            MalformedCase("invalid UTF-8 outside a string", [0x5B, 0xFF, 0x5D], 1, 2, "found byte 0xFF"),
        ])
    func malformed(testCase: MalformedCase) {
        do {
            let value = try JSONParser.parse(testCase.bytes)
            Issue.record("parsed \(value.compactText) but expected an error")
        } catch {
            #expect(error.position.line == testCase.line, "\(error)")
            #expect(error.position.column == testCase.column, "\(error)")
            #expect(error.message.contains(testCase.messageContains), "\(error)")
        }
    }

    @Test("a byte order mark is skipped when allowed")
    func byteOrderMarkAllowed() throws {
        let value = try JSONParser.parse(
            [0xEF, 0xBB, 0xBF] + Array("[1]".utf8), options: .init(allowsByteOrderMark: true))
        #expect(value == [1])
    }

    @Test("nesting beyond the limit is an error, not a stack overflow")
    func depth() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        do {
            _ = try JSONParser.parse(deep)
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .tooDeep(limit: 512))
            #expect(error.position.column == 513)
        }
        let atLimit = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try JSONParser.parse(atLimit) }
        let objects = String(repeating: "{\"a\":", count: 600) + "1" + String(repeating: "}", count: 600)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(objects) }
    }

    @Test("records the position of every value when asked")
    func positions() throws {
        let text = "{\n  \"items\": [\n    {\"id\": 7, \"name\": \"Soup\"}\n  ]\n}"
        let document = try JSONParser.parseDocument(Array(text.utf8), options: .init(recordsPositions: true))
        let map = document.sourceMap
        #expect(map.position(of: JSONPointer("/items")!)?.description == "2:12")
        #expect(map.position(of: JSONPointer("/items/0/id")!)?.description == "3:12")
        #expect(map.keyPosition(of: JSONPointer("/items/0/name")!)?.description == "3:15")
        #expect(map.position(of: JSONPointer("/items/0/missing")!)?.description == "3:5")
    }

    @Test("positions of later elements, escaped keys, the root, and a key read again by YAML")
    func positionsBeyondTheFirst() throws {
        let text = "[\n  1,\n  {\"a/b\": {\"~c\": null}},\n  [true, false]\n]"
        let map = try JSONParser.parseDocument(Array(text.utf8), options: .init(recordsPositions: true))
            .sourceMap
        #expect(map.position(of: .root)?.description == "1:1")
        #expect(map.position(of: JSONPointer("/1")!)?.description == "3:3")
        #expect(map.keyPosition(of: JSONPointer("/1/a~1b")!)?.description == "3:4")
        #expect(map.position(of: JSONPointer("/1/a~1b/~0c")!)?.description == "3:18")
        #expect(map.position(of: JSONPointer("/2/1")!)?.description == "4:10")
        // A place the document does not have falls back to its nearest recorded ancestor.
        #expect(map.position(of: JSONPointer("/2/7/x")!)?.description == "4:3")
        #expect(map.keyPosition(of: JSONPointer("/2")!)?.description == "4:3")
        let yaml = try DocumentReader.parseDocument(
            Array("a:\n  b: 1\n".utf8), file: "x.yaml", options: .init(recordsPositions: true)
        ).sourceMap
        #expect(yaml.keyPosition(of: JSONPointer("/a/b")!)?.description == "2:3")
        #expect(yaml.position(of: JSONPointer("/a/b")!)?.description == "2:6")
    }

    @Test("equality follows JSON Schema: order-free objects, 1 == 1.0")
    func equality() throws {
        #expect(try JSONParser.parse(#"{"a":1,"b":[1.0]}"#) == JSONParser.parse(#"{"b":[1],"a":1.00}"#))
        #expect(try JSONParser.parse(#"{"a":1}"#) != JSONParser.parse(#"{"a":true}"#))
        let set: Set<JSONValue> = [
            try JSONParser.parse(#"{"x":1,"y":2}"#), try JSONParser.parse(#"{"y":2,"x":1.0}"#),
        ]
        #expect(set.count == 1)
    }

    @Test("serializer escapes control characters and writes pretty output")
    func serializer() throws {
        let value: JSONValue = ["text": "line\nbreak \"quoted\" \u{1}", "list": [1, 2], "empty": [:]]
        #expect(value.compactText == #"{"text":"line\nbreak \"quoted\" \u0001","list":[1,2],"empty":{}}"#)
        #expect(
            value.prettyText
                == "{\n  \"text\": \"line\\nbreak \\\"quoted\\\" \\u0001\",\n  \"list\": [\n    1,\n    2\n  ],\n  \"empty\": {}\n}"
        )
    }
}
