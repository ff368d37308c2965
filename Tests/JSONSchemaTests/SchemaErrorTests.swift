import JSONSchema
import Testing

@Suite("Schema errors")
struct SchemaErrorTests {
    static func compile(_ text: String, options: SchemaOptions = .init()) -> SchemaError? {
        do {
            let value = try JSONParser.parse(text)
            _ = try Schema(value, options: options)
            return nil
        } catch let error as SchemaError {
            return error
        } catch {
            return nil
        }
    }

    @Test("an invalid regex is a schema error naming the pattern and place")
    func invalidRegex() throws {
        let error = try #require(Self.compile(#"{"properties": {"code": {"pattern": "^(ab"}}}"#))
        guard case .invalidRegex(let pattern, let pointer, _) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(pattern == "^(ab")
        #expect(pointer.description == "/properties/code/pattern")
        #expect(error.description.hasPrefix(#"/properties/code/pattern: invalid regular expression "^(ab""#))
    }

    @Test("an invalid patternProperties key is a schema error")
    func invalidPatternProperty() throws {
        let error = try #require(Self.compile(#"{"patternProperties": {"[a-": true}}"#))
        guard case .invalidRegex(let pattern, _, _) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(pattern == "[a-")
    }

    @Test(
        "an unresolvable reference is a schema error",
        arguments: ["#/$defs/missing", "other.json", "#nowhere"])
    func unresolvableRef(_ reference: String) throws {
        let error = try #require(Self.compile(#"{"properties": {"a": {"$ref": "\#(reference)"}}}"#))
        #expect(
            error
                == .unresolvableReference(
                    ref: reference, pointer: try #require(JSONPointer("/properties/a/$ref"))))
    }

    @Test("keyword values of the wrong shape are schema errors")
    func invalidKeywords() throws {
        #expect(
            Self.compile(#"{"minLength": "3"}"#)
                == .invalidKeyword(pointer: .root, keyword: "minLength", expected: "a non-negative integer"))
        #expect(Self.compile(#"{"type": "strin"}"#) != nil)
        #expect(
            Self.compile(#"{"properties": {"a": 3}}"#)
                == .invalidSchema(pointer: try #require(JSONPointer("/properties/a")), found: "number"))
        #expect(
            Self.compile(#"{"$schema": "https://example.com/unknown"}"#)
                == .unknownDialect(uri: "https://example.com/unknown", pointer: .root))
    }

    @Test("documents passed in options resolve references")
    func remoteDocuments() throws {
        let shared = try JSONParser.parse(#"{"$defs": {"id": {"type": "integer"}}}"#)
        let options = SchemaOptions(documents: ["https://example.com/shared.json": shared])
        let schema = try Schema(
            try JSONParser.parse(#"{"$ref": "https://example.com/shared.json#/$defs/id"}"#), options: options)
        #expect(schema.isValid(3))
        #expect(!schema.isValid("3"))
    }

    @Test("formats are annotations unless asserted")
    func formats() throws {
        let text = #"{"format": "date"}"#
        #expect(try Schema(try JSONParser.parse(text)).isValid("2024-02-30"))
        let asserting = try Schema(try JSONParser.parse(text), options: SchemaOptions(assertsFormats: true))
        #expect(!asserting.isValid("2024-02-30"))
        #expect(asserting.isValid("2024-02-29"))
        #expect(
            asserting.validate("nope").errors.first?.description == #"/: expected a valid date, got "nope""#)
    }

    @Test("a pointer outside the document and a required unknown vocabulary are schema errors")
    func documentAndVocabularyErrors() throws {
        let pointer = try #require(JSONPointer("/schemas/Missing"))
        #expect(throws: SchemaError.pointerNotFound(pointer: pointer)) {
            try Schema(document: ["schemas": [:]], at: pointer, baseURI: "https://example.com/c.json")
        }
        let metaSchema = try JSONParser.parse(
            #"{"$vocabulary": {"https://json-schema.org/draft/2020-12/vocab/core": true, "https://example.com/vocab/x": true}}"#
        )
        let options = SchemaOptions(documents: ["https://example.com/meta": metaSchema])
        let error = Self.compile(#"{"$schema": "https://example.com/meta"}"#, options: options)
        #expect(error == .unsupportedVocabulary(uri: "https://example.com/vocab/x", pointer: .root))
    }
}
