import JSONSchema
import Testing

@testable import SchemaGeneration

/// JSON Schema equality does not depend on the order of an object's members, so neither may the
/// cache's hash: equal keys that hash apart break the dictionary (the full test run stopped with
/// "Duplicate keys of type 'Key' were found in a Dictionary" in the official suite's agreement
/// test, whose schemas repeat with their members in other orders).
@Suite("The flatten cache keys schemas by value")
struct FlattenCacheTests {
    @Test("a schema whose members come in another order finds the constraints already flattened")
    func memberOrder() throws {
        let written: JSONValue = ["type": "integer", "minimum": 1, "maximum": 9]
        let reordered: JSONValue = ["maximum": 9, "minimum": 1, "type": "integer"]
        #expect(written == reordered)
        let generator = InstanceGenerator(document: written)
        let cache = FlattenCache()
        _ = try cache.planned(written, at: .root, generator: generator)
        #expect(cache.constraints(for: reordered, at: .root) != nil)
    }
}
