import JSONSchema
import Testing

@testable import ContractKit

@Suite("Schema errors grouped by array index")
struct SchemaErrorGroupsTests {
    private func errors(_ schema: String, _ body: String) throws -> ([ValidationError], JSONValue) {
        let compiled = try Schema(JSONParser.parse(schema))
        let instance = try JSONParser.parse(body)
        return (compiled.validate(instance).errors, instance)
    }

    @Test("one wrong-typed field in every item is one group counting every item")
    func everyItem() throws {
        let items = (0..<20).map { #"{"price": "\#($0).99"}"# }.joined(separator: ",")
        let (found, body) = try errors(
            #"{"properties": {"items": {"items": {"properties": {"price": {"type": "number"}}}}}}"#,
            #"{"items": [\#(items)]}"#)
        #expect(found.count == 20)
        let groups = SchemaErrorGroups(found, in: body).groups
        #expect(groups.count == 1)
        #expect(groups.first?.pattern == "/items/*/price")
        #expect(groups.first?.count == 20)
        #expect(groups.first?.elements == 20)
    }

    @Test("different keywords and single errors stay apart")
    func apart() throws {
        let (found, body) = try errors(
            #"{"properties": {"items": {"items": {"required": ["id"], "properties": {"price": {"type": "number"}}}}}}"#,
            #"{"items": [{"id": 1, "price": "x"}, {"id": 2, "price": 3}, {"price": 4}]}"#)
        let groups = SchemaErrorGroups(found, in: body).groups
        #expect(groups.map(\.pattern) == ["/items/*/price", "/items/*"])
        #expect(groups.map(\.count) == [1, 1])
        #expect(groups.map(\.elements) == [3, 3])
    }

    @Test("a numeric object key is not an array index")
    func numericKey() throws {
        let (found, body) = try errors(
            #"{"additionalProperties": {"type": "integer"}}"#, #"{"0": "a", "1": "b"}"#)
        let groups = SchemaErrorGroups(found, in: body).groups
        #expect(Set(groups.map(\.pattern)) == ["/0", "/1"])
    }
}
