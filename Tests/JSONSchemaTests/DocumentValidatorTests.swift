import JSONSchema
import Testing

@Suite("DocumentValidator")
struct DocumentValidatorTests {
    private static let document: JSONValue = [
        "schemas": [
            "Price": ["type": "number", "minimum": 0],
            "Loop": ["$ref": "#/schemas/Loop"],
            "Item": [
                "$id": "https://example.com/item.json", "type": "object", "required": ["price"],
                "properties": ["price": ["$ref": "#/$defs/Cents"]],
                "$defs": ["Cents": ["type": "integer"]],
            ],
        ]
    ]

    private static let lenient: SchemaOptions = {
        var options = SchemaOptions()
        options.leniency = [.unresolvedReferences, .uncompilablePatterns, .recursionLimit]
        return options
    }()

    @Test("a schema that stands nowhere in the document resolves its references against the root")
    func unplacedSchema() {
        let validator = DocumentValidator(root: Self.document, baseURI: "")
        let merged: JSONValue = ["allOf": [["$ref": "#/schemas/Price"], ["maximum": 10]]]
        #expect(validator.isValid(5, against: merged))
        #expect(!validator.isValid(-1, against: merged))
        #expect(!validator.isValid(11, against: merged))
        #expect(!validator.isValid("5", against: merged))
    }

    @Test("a schema at its location keeps the base URI of its $id")
    func placedSchema() throws {
        let validator = DocumentValidator(root: Self.document, baseURI: "file:///contract.json")
        let pointer = try #require(JSONPointer("/schemas/Item"))
        let item = try #require(pointer.resolve(in: Self.document))
        #expect(validator.isValid(["price": 3], against: item, at: pointer))
        #expect(!validator.isValid(["price": 3.5], against: item, at: pointer))
        #expect(!validator.isValid([:], against: item, at: pointer))
    }

    @Test("strict by default: an unresolvable reference or a bad pattern does not compile")
    func strictByDefault() {
        let validator = DocumentValidator(root: Self.document, baseURI: "")
        #expect(validator.compiled(["$ref": "#/schemas/Missing"]) == nil)
        #expect(validator.compiled(["pattern": "(?<"]) == nil)
        #expect(validator.compiled(["$ref": "#/schemas/Price"]) != nil)
    }

    @Test("the leniencies count what cannot be judged as matching, and judge the rest")
    func leniencies() {
        let validator = DocumentValidator(root: Self.document, baseURI: "", options: Self.lenient)
        let unresolved: JSONValue = ["type": "string", "properties": [:], "$ref": "#/schemas/Missing"]
        #expect(validator.isValid("anything", against: unresolved))
        #expect(!validator.isValid(1, against: unresolved))
        let pattern: JSONValue = ["type": "string", "pattern": "(?<"]
        #expect(validator.isValid("anything", against: pattern))
        #expect(!validator.isValid(1, against: pattern))
        let cycle: JSONValue = ["$ref": "#/schemas/Loop"]
        #expect(validator.isValid(1, against: cycle))
        #expect(!DocumentValidator(root: Self.document, baseURI: "").isValid(1, against: cycle))
    }

    @Test("format is an annotation unless the options assert it")
    func formatAnnotation() {
        let schema: JSONValue = ["format": "date"]
        #expect(DocumentValidator(root: Self.document, baseURI: "").isValid("not a date", against: schema))
        let asserting = DocumentValidator(
            root: Self.document, baseURI: "", options: SchemaOptions(assertsFormats: true))
        #expect(!asserting.isValid("not a date", against: schema))
    }

    @Test("matchesType reads a type name or a list of names as the type keyword does")
    func matchesType() {
        #expect((2 as JSONValue).matchesType("integer"))
        #expect((2 as JSONValue).matchesType("number"))
        #expect(!(2.5 as JSONValue).matchesType("integer"))
        #expect(JSONValue.null.matchesType(["string", "null"]))
        #expect(!("2" as JSONValue).matchesType(["integer", "boolean"]))
        #expect(!("2" as JSONValue).matchesType("text"))
    }
}
