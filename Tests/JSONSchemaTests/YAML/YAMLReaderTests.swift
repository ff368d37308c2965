import Foundation
import Testing

@testable import JSONSchema

/// One YAML text and the JSON it must read as.
struct YAMLValueCase: Sendable, CustomTestStringConvertible {
    var name: String
    var yaml: String
    var json: String
    var testDescription: String { name }
}

/// One YAML text that must be rejected, where, and with what in the message.
struct YAMLErrorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var yaml: String
    var line: Int
    var column: Int
    var message: String
    var testDescription: String { name }
}

@Suite struct YAMLReaderTests {
    static let values: [YAMLValueCase] = [
        .init(
            name: "block mapping and sequence", yaml: "a: 1\nb:\n  - x\n  - y\n",
            json: #"{"a":1,"b":["x","y"]}"#),
        .init(name: "indentless sequence", yaml: "list:\n- 1\n- 2\n", json: #"{"list":[1,2]}"#),
        .init(name: "compact nested mapping", yaml: "- a: 1\n  b: 2\n- c\n", json: #"[{"a":1,"b":2},"c"]"#),
        .init(
            name: "flow collections", yaml: "{a: [1, 2], b: {c: d}, \"e\":f}",
            json: #"{"a":[1,2],"b":{"c":"d"},"e":"f"}"#),
        .init(name: "single pair in a flow sequence", yaml: "[a: 1, b]", json: #"[{"a":1},"b"]"#),
        .init(
            name: "core schema scalars",
            yaml: "[~, null, Null, '', true, False, 12, -3, +4, 0o17, 0x1F, 1.5, -.5, 1e3, 2.50, yes, 1.2.3]",
            json: #"[null,null,null,"",true,false,12,-3,4,15,31,1.5,-0.5,1000,2.5,"yes","1.2.3"]"#),
        .init(
            name: "numbers stay exact", yaml: "[123456789012345678901234567890, 0.1, 0x123456789ABCDEF0123]",
            json: "[123456789012345678901234567890, 0.1, 5373003642731685151011]"),
        .init(name: "empty values are null", yaml: "a:\nb: ~\n", json: #"{"a":null,"b":null}"#),
        .init(
            name: "integer keys are their text", yaml: "200:\n  description: ok\n1.0: x\n",
            json: #"{"200":{"description":"ok"},"1.0":"x"}"#),
        .init(
            name: "plain multi-line folding", yaml: "a: one\n  two\n\n  three\n",
            json: #"{"a":"one two\nthree"}"#),
        .init(
            name: "single-quoted escapes", yaml: "'it''s # not a comment'", json: #""it's # not a comment""#),
        .init(
            name: "double-quoted escapes", yaml: #""tab\tnl\n\u00e9\x41\U0001F600 \"q\" \\ \/""#,
            json: #""tab\tnl\néA😀 \"q\" \\ /""#),
        .init(
            name: "double-quoted line folding and escaped break", yaml: "\"a\n  b\\\n  c\"", json: #""a bc""#),
        .init(
            name: "literal block keeps lines", yaml: "x: |\n  a\n   b\n\n  c\n",
            json: #"{"x":"a\n b\n\nc\n"}"#),
        .init(
            name: "folded block folds lines", yaml: "x: >\n  a\n  b\n\n  c\n    d\n",
            json: #"{"x":"a b\nc\n  d\n"}"#),
        .init(name: "strip chomping", yaml: "x: |-\n  a\n\n", json: #"{"x":"a"}"#),
        .init(name: "keep chomping", yaml: "x: |+\n  a\n\n", json: #"{"x":"a\n\n"}"#),
        .init(name: "indentation indicator", yaml: "x: |2\n    a\n  b\n", json: #"{"x":"  a\nb\n"}"#),
        .init(
            name: "comments are ignored", yaml: "# head\na: 1 # trailing\n# between\nb: 2\n",
            json: #"{"a":1,"b":2}"#),
        .init(
            name: "anchors and aliases", yaml: "a: &x {k: v}\nb: *x\nc: [*x]\n",
            json: #"{"a":{"k":"v"},"b":{"k":"v"},"c":[{"k":"v"}]}"#),
        .init(
            name: "merge keys, explicit keys win",
            yaml: "base: &b {x: 1, y: 2}\nmore: &m {z: 3}\nd:\n  <<: [*b, *m]\n  y: 9\n",
            json: #"{"base":{"x":1,"y":2},"more":{"z":3},"d":{"y":9,"x":1,"z":3}}"#),
        .init(
            name: "core tags",
            yaml: "[!!str 12, !!int '7', !!float 1, !!bool 'true', !!null '', !!str, ! 12, !local 3]",
            json: #"["12",7,1,true,null,"","12","3"]"#),
        .init(name: "explicit keys", yaml: "? a\n: 1\n? b\n", json: #"{"a":1,"b":null}"#),
        .init(
            name: "document markers and directives",
            yaml: "%YAML 1.2\n%TAG !e! tag:example.com,2024:\n---\na: !e!x 1\n...\n", json: #"{"a":"1"}"#),
        .init(
            name: "CRLF line endings", yaml: "a: 1\r\nb: |\r\n  x\r\n  y\r\nc: \"p\r\n  q\"\r\n",
            json: #"{"a":1,"b":"x\ny\n","c":"p q"}"#),
        .init(name: "byte order mark", yaml: "\u{FEFF}a: 1", json: #"{"a":1}"#),
        .init(
            name: "JSON is YAML", yaml: #"{"a": [1, 2.5e1, "x", null, true], "b": {}}"#,
            json: #"{"a":[1,25,"x",null,true],"b":{}}"#),
    ]

    @Test("reads each YAML feature as the JSON value it stands for", arguments: values)
    func value(_ testCase: YAMLValueCase) throws {
        let value = try YAMLReader.parse(testCase.yaml)
        #expect(value == (try JSONParser.parse(testCase.json)))
    }

    static let errors: [YAMLErrorCase] = [
        .init(
            name: "duplicate key names both places", yaml: "a: 1\nb: 2\na: 3\n", line: 3, column: 1,
            message: "duplicate key \"a\" in mapping (first defined at 1:1)"),
        .init(
            name: "duplicate key in a large mapping",
            yaml: (0..<20).map { "k\($0): 1" }.joined(separator: "\n") + "\nk3: 2\n", line: 21, column: 1,
            message: "duplicate key \"k3\" in mapping (first defined at 4:1)"),
        .init(
            name: "duplicate key in a flow mapping", yaml: "{x: 1,\n x: 2}", line: 2, column: 2,
            message: "duplicate key \"x\""),
        .init(
            name: "unterminated quote", yaml: "a: \"open\n", line: 1, column: 4,
            message: "expected the closing quote"),
        .init(
            name: "bad indentation", yaml: "a:\n    b: 1\n  c: 2\n", line: 3, column: 3,
            message: "expected a mapping key"),
        .init(
            name: "value where none is allowed", yaml: "a: b: c\n", line: 1, column: 5,
            message: "not allowed here"),
        .init(name: "tab as indentation", yaml: "a:\n\tb: 1\n", line: 2, column: 2, message: "tab character"),
        .init(
            name: "undefined alias", yaml: "a: *nope\n", line: 1, column: 4,
            message: "alias *nope refers to no anchor"),
        .init(name: "recursive alias", yaml: "a: &r [*r]\n", line: 1, column: 8, message: "contains it"),
        .init(
            name: "invalid escape", yaml: #"a: "\q""#, line: 1, column: 5, message: "invalid escape sequence"),
        .init(
            name: "infinity cannot be JSON", yaml: "a: .inf\n", line: 1, column: 4,
            message: "not a finite number"),
        .init(
            name: "not a number tagged int", yaml: "a: !!int twelve\n", line: 1, column: 10,
            message: "!!int cannot be 'twelve'"),
        .init(
            name: "complex key", yaml: "? [a, b]\n: c\n", line: 1, column: 3,
            message: "mapping key must be a scalar"),
        .init(
            name: "undeclared tag handle", yaml: "a: !e!x 1\n", line: 1, column: 4,
            message: "tag handle '!e!' is not declared"),
        .init(
            name: "unclosed flow sequence", yaml: "a: [1, 2\n", line: 2, column: 1,
            message: "inside a flow collection"),
        .init(
            name: "two documents", yaml: "a: 1\n---\nb: 2\n", line: 2, column: 1,
            message: "exactly one YAML document, found 2"),
        .init(name: "no document", yaml: "# only a comment\n", line: 1, column: 1, message: "no content"),
        .init(name: "invalid UTF-8", yaml: "a: \u{E9}", line: 1, column: 4, message: "UTF-8"),
        .init(
            name: "merge of a scalar", yaml: "a:\n  <<: 1\n", line: 2, column: 7, message: "'<<' merge key"),
    ]

    @Test("rejects each error at its line:column, saying what was expected", arguments: errors)
    func error(_ testCase: YAMLErrorCase) {
        var bytes = Array(testCase.yaml.utf8)
        if testCase.name == "invalid UTF-8" { bytes = Array("a: ".utf8) + [0xE9] }
        do {
            let value = try YAMLReader.parseDocument(bytes).value
            Issue.record("accepted as \(value)")
        } catch {
            #expect(
                error.position.line == testCase.line && error.position.column == testCase.column, "\(error)")
            #expect(error.message.contains(testCase.message), "\(error)")
        }
    }

    @Test("an alias bomb is an error, quickly")
    func aliasBomb() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1..<10 {
            let items = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            text += "a\(level): &a\(level) [\(items)]\n"
        }
        #expect {
            _ = try YAMLReader.parse(text)
        } throws: { error in
            guard let error = error as? YAMLParseError, case .tooManyAliasedNodes = error.reason else {
                return false
            }
            return true
        }
    }

    @Test("deep nesting is an error at the 512 limit, flow and block")
    func deepNesting() {
        let flow = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        var block = ""
        for level in 0..<600 { block += String(repeating: " ", count: level) + "k:\n" }
        let huge = String(repeating: "[", count: 200_000)
        let hugeBlock = (0..<3000).map { String(repeating: " ", count: $0) + "- " }.joined(separator: "\n")
        for text in [flow, block, huge, hugeBlock] {
            #expect {
                _ = try YAMLReader.parse(text)
            } throws: { error in
                guard let error = error as? YAMLParseError, case .tooDeep(512) = error.reason else {
                    return false
                }
                return true
            }
        }
        #expect(throws: Never.self) {
            _ = try YAMLReader.parse(String(repeating: "[", count: 500) + String(repeating: "]", count: 500))
        }
    }

    @Test("records positions of values and keys under their JSON pointers")
    func sourceMap() throws {
        let text =
            "openapi: 3.0.0\npaths:\n  /pets:\n    get:\n      responses:\n        200: {description: ok}\n"
        let document = try YAMLReader.parseDocument(Array(text.utf8), options: .init(recordsPositions: true))
        let map = document.sourceMap
        #expect(map.position(of: JSONPointer(tokens: ["paths", "/pets", "get"]))?.description == "5:7")
        #expect(map.keyPosition(of: JSONPointer(tokens: ["paths", "/pets", "get"]))?.description == "4:5")
        #expect(
            map.keyPosition(of: JSONPointer(tokens: ["paths", "/pets", "get", "responses", "200"]))?
                .description == "6:9")
        #expect(
            map.position(
                of: JSONPointer(tokens: ["paths", "/pets", "get", "responses", "200", "description"]))?
                .description == "6:28")
        let unicode = try YAMLReader.parseDocument(
            Array("é: [a, b]\n".utf8), options: .init(recordsPositions: true))
        #expect(unicode.sourceMap.position(of: JSONPointer(tokens: ["é", "1"]))?.description == "1:8")
    }

    @Test("streams hold several documents")
    func stream() throws {
        let documents = try YAMLReader.parseStream(Array("a\n---\nb\n...\n--- c\n".utf8))
        #expect(documents.map(\.document.value) == ["a", "b", "c"])
        #expect(documents[1].start.description == "2:1")
    }
}

@Suite struct DocumentReaderTests {
    @Test("picks the format by extension, then by content")
    func format() {
        #expect(DocumentReader.Format.byExtension(of: "Contracts/a.yaml") == .yaml)
        #expect(DocumentReader.Format.byExtension(of: "a.YML") == .yaml)
        #expect(DocumentReader.Format.byExtension(of: "dir.v1/a.json") == .json)
        #expect(DocumentReader.Format.byExtension(of: "dir.v1/README") == nil)
        #expect(DocumentReader.Format.byContent(of: Array("  \n {\"a\": 1}".utf8)) == .json)
        #expect(DocumentReader.Format.byContent(of: Array("\u{FEFF}[1]".utf8)) == .json)
        #expect(DocumentReader.Format.byContent(of: Array("# c\na: 1".utf8)) == .yaml)
        #expect(DocumentReader.Format.of(file: "x.json", bytes: Array("a: 1".utf8)) == .json)
    }

    @Test("errors render file:line:column and the format")
    func errors() {
        do {
            _ = try DocumentReader.parse(Array("a: 1\na: 2\n".utf8), file: "c.yaml")
            Issue.record("accepted a duplicate key")
        } catch {
            #expect(
                error.description
                    == "c.yaml:2:1: not valid YAML: duplicate key \"a\" in mapping (first defined at 1:1)")
        }
        do {
            _ = try DocumentReader.parse(Array("a: 1".utf8), file: "c.json")
            Issue.record("read YAML from a .json file")
        } catch {
            #expect(error.format == .json)
            #expect(error.description.hasPrefix("c.json:1:1: not valid JSON: "))
        }
    }

    @Test("YAML and JSON give the same document")
    func sameDocument() throws {
        let json = try DocumentReader.parse(Array(#"{"a": [1, {"b": null}]}"#.utf8))
        let yaml = try DocumentReader.parse(Array("a:\n  - 1\n  - b:\n".utf8))
        #expect(json == yaml)
    }
}
