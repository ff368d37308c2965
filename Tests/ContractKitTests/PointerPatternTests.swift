import JSONSchema
import Testing

@testable import ContractKit

@Suite struct PointerPatternTests {
    static let document: JSONValue = [
        "items": [["id": 1, "category": "Soup"], ["id": 2, "category": "Salad"], ["id": 3]],
        "counts": ["soup": 1, "salad": 2],
    ]

    @Test(
        "a pattern reaches every matching value, in document order",
        arguments: [
            ("/items/*/category", ["/items/0/category", "/items/1/category"]),
            ("/items/1/id", ["/items/1/id"]),
            ("/counts/*", ["/counts/soup", "/counts/salad"]),
            ("/items/*/price", []),
            ("/missing", []),
            ("", [""]),
        ])
    func matches(_ text: String, _ expected: [String]) throws {
        let pattern = try #require(PointerPattern(text))
        #expect(pattern.matches(in: Self.document).map(\.pointer.description) == expected)
    }

    @Test("matched values come with their pointers")
    func values() throws {
        let pattern = try #require(PointerPattern("/items/*/id"))
        #expect(pattern.matches(in: Self.document).map(\.value) == [1, 2, 3])
        #expect(pattern.hasWildcard)
        #expect(pattern.description == "/items/*/id")
    }

    @Test("text that is not a pointer is rejected", arguments: ["items/*", "/a~2b"])
    func invalid(_ text: String) {
        #expect(PointerPattern(text) == nil)
    }
}
