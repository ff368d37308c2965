import JSONSchema
import Testing

@Suite("Schema API")
struct SchemaAPITests {
    @Test("basicOutput has the specification's shape")
    func basicOutput() throws {
        let schema = try Schema(
            try JSONParser.parse(
                #"{"$id": "https://example.com/s", "properties": {"a": {"type": "string"}}}"#))
        let output = schema.validate(["a": 1]).basicOutput
        #expect(output["valid"] == false)
        let errors = try #require(output["errors"]?.arrayValue)
        #expect(errors.count == 1)
        #expect(errors[0]["keywordLocation"] == "/properties/a/type")
        #expect(errors[0]["absoluteKeywordLocation"] == "https://example.com/s#/properties/a/type")
        #expect(errors[0]["instanceLocation"] == "/a")
        #expect(errors[0]["error"] == "expected string, got integer 1")
    }

    @Test("a subschema of a contract document resolves $ref against the document")
    func documentSubschema() throws {
        let document = try JSONParser.parse(
            #"""
            {"contract": "menu",
             "schemas": {
               "Menu": {"type": "object", "properties": {"items": {"type": "array", "items": {"$ref": "#/schemas/MenuItem"}}}},
               "MenuItem": {"type": "object", "required": ["price"], "properties": {"price": {"type": "number"}}}}}
            """#)
        let pointer = try #require(JSONPointer("/schemas/Menu"))
        let schema = try Schema(document: document, at: pointer, baseURI: "file:///contracts/menu.json")
        #expect(schema.isValid(try JSONParser.parse(#"{"items": [{"price": 1.5}]}"#)))
        let result = schema.validate(try JSONParser.parse(#"{"items": [{"price": "1.5"}, {}]}"#))
        #expect(
            result.errors.map(\.description) == [
                #"/items/0/price: expected number, got string "1.5""#,
                #"/items/1: missing required property "price""#,
            ])
        #expect(
            result.errors[0].keywordLocation.description
                == "/properties/items/items/$ref/properties/price/type")
        #expect(
            result.errors[0].absoluteKeywordLocation
                == "file:///contracts/menu.json#/schemas/MenuItem/properties/price/type")
    }

    @Test("an $anchor in a sibling schema of a contract document resolves")
    func documentAnchor() throws {
        let document = try JSONParser.parse(
            ##"""
            {"schemas": {"Order": {"properties": {"id": {"$ref": "#OrderId"}}},
                         "OrderId": {"$anchor": "OrderId", "type": "string", "minLength": 3}}}
            """##)
        let pointer = try #require(JSONPointer("/schemas/Order"))
        let schema = try Schema(document: document, at: pointer, baseURI: "https://example.com/contract.json")
        #expect(schema.isValid(["id": "abc"]))
        #expect(
            schema.validate(["id": "ab"]).errors.map(\.description) == [
                "/id: expected at least 3 characters, got 2"
            ])
    }

    @Test("recursive schemas validate deep instances")
    func recursion() throws {
        let schema = try Schema(
            try JSONParser.parse(
                ##"{"type": "object", "properties": {"child": {"$ref": "#"}}, "additionalProperties": false}"##
            ))
        var instance: JSONValue = [:]
        for _ in 0..<511 { instance = ["child": instance] }
        #expect(schema.validate(instance).isValid)
        #expect(schema.isValid(instance))
        #expect(!schema.isValid(["child": ["child": ["other": 1]]]))
    }

    @Test("a $ref cycle that never consumes the instance fails instead of hanging")
    func referenceCycle() throws {
        let schema = try Schema(
            try JSONParser.parse(
                ##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}"##
            ))
        #expect(!schema.isValid(1))
        let result = schema.validate(1)
        #expect(!result.isValid)
        #expect(result.errors.first?.message.contains("recursion") == true)
    }

    @Test("deeply nested schemas compile and validate")
    func deepSchema() throws {
        var schema: JSONValue = ["type": "integer"]
        var instance: JSONValue = 1
        for _ in 0..<500 {
            schema = ["items": schema, "allOf": [true]]
            instance = [instance]
        }
        let compiled = try Schema(schema)
        #expect(compiled.isValid(instance))
        #expect(compiled.validate(instance).isValid)
    }

    @Test("deeply nested schemas pass the meta-schema")
    func deepMetaSchema() throws {
        var nested: JSONValue = ["type": "string"]
        for _ in 0..<250 { nested = ["properties": ["a": nested]] }
        #expect(MetaSchema.validate(nested).isValid)
    }

    @Test("a schema is shared safely between tasks")
    func concurrentUse() async throws {
        let schema = try Schema(try JSONParser.parse(#"{"items": {"type": "string", "pattern": "^a"}}"#))
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<8 {
                group.addTask { schema.isValid(.array([.string(index % 2 == 0 ? "abc" : "xyz")])) }
            }
            var collected: [Bool] = []
            for await result in group { collected.append(result) }
            return collected
        }
        #expect(results.filter { $0 }.count == 4)
    }

    @Test("the meta-schema accepts good schemas and rejects bad ones")
    func metaSchema() throws {
        #expect(MetaSchema.validate(try JSONParser.parse(#"{"type": "string", "minLength": 1}"#)).isValid)
        let result = MetaSchema.validate(try JSONParser.parse(#"{"type": "strin", "minLength": -1}"#))
        #expect(!result.isValid)
        #expect(result.errors.contains { $0.instanceLocation.description == "/minLength" })
    }
}
