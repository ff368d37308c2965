import Testing

@testable import ContractKit

@Suite struct PathTemplateTests {
    @Test("placeholders are found in order")
    func parameterNames() throws {
        let template = try #require(PathTemplate("/menu/{category}/items/{id}"))
        #expect(template.parameterNames == ["category", "id"])
    }

    @Test(
        "malformed templates are rejected", arguments: ["menu", "/menu/{id", "/menu/id}", "/menu/{a{b}}", ""])
    func malformed(_ text: String) {
        #expect(PathTemplate(text) == nil)
    }

    @Test(
        "expansion percent-encodes each value as one path segment",
        arguments: [
            ("a.jpg", "/images/a.jpg"), ("a b/c", "/images/a%20b%2Fc"), ("ü?#", "/images/%C3%BC%3F%23"),
            ("x~y-z_1", "/images/x~y-z_1"),
        ])
    func expand(_ value: String, _ expected: String) throws {
        let template = try #require(PathTemplate("/images/{file}"))
        #expect(template.expand(["file": value]) == expected)
    }

    @Test("matching returns the placeholder values")
    func match() throws {
        let template = try #require(PathTemplate("/menu/{category}/items/{id}"))
        #expect(template.match("/menu/Desserts/items/3") == ["category": "Desserts", "id": "3"])
        #expect(template.match("/menu/Desserts/items") == nil)
        #expect(template.match("/menu//items/3") == nil)
        #expect(template.match("/carte/Desserts/items/3") == nil)
        #expect(template.match("menu/Desserts/items/3") == nil)
    }

    @Test("a path without placeholders matches only itself")
    func literal() throws {
        let template = try #require(PathTemplate("/categories"))
        #expect(template.match("/categories") == [:])
        #expect(template.match("/categories/") == nil)
    }
}
