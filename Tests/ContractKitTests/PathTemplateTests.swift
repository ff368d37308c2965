import Testing

@testable import ContractKit

@Suite struct PathTemplateTests {
    @Test("placeholders are found in order")
    func parameterNames() throws {
        let template = try #require(PathTemplate("/menu/{category}/items/{id}"))
        #expect(template.parameterNames == ["category", "id"])
    }

    @Test(
        "malformed templates are rejected",
        arguments: [
            "menu", "/menu/{id", "/menu/id}", "/menu/{a{b}}", "", "/menu/{}", "/files/{a}{b}", "/ménu/{id",
            "/ménu/{}", "/fichiers/{a}{b}/é",
        ])
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

    @Test("ASCII templates (read byte by byte) and others are read alike")
    func asciiAndOtherText() throws {
        typealias Part = PathTemplate.Part
        let cases: [(String, [[Part]], String?)] = [
            (
                "/menu/{id}.json#byName", [[.literal("menu")], [.parameter("id"), .literal(".json")]],
                "byName"
            ),
            ("/ménu/{id}.json#ü", [[.literal("ménu")], [.parameter("id"), .literal(".json")]], "ü"),
            ("/a//{b}#", [[.literal("a")], [], [.parameter("b")]], ""),
            ("/", [[]], nil),
        ]
        for (text, parts, fragment) in cases {
            let template = try #require(PathTemplate(text))
            #expect(template.segments.map(\.parts) == parts, "\(text)")
            #expect(template.fragment == fragment, "\(text)")
            #expect(template.template == text)
        }
        #expect(PathTemplate("/") == PathTemplate.root)
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

    @Test(
        "placeholders inside a segment match and expand",
        arguments: [
            ("/Accounts/{Sid}.json", "/Accounts/AC12.json", ["Sid": "AC12"]),
            ("/files/{id}/thumbnail.{extension}", "/files/7/thumbnail.png", ["id": "7", "extension": "png"]),
            ("/compare/{base}...{head}", "/compare/main...feature", ["base": "main", "head": "feature"]),
            ("/v1/{name}:cancel", "/v1/op-3:cancel", ["name": "op-3"]),
        ])
    func insideSegment(_ text: String, _ path: String, _ values: [String: String]) throws {
        let template = try #require(PathTemplate(text))
        #expect(Set(template.parameterNames) == Set(values.keys))
        #expect(template.match(path) == values)
        #expect(template.expand(values) == path)
    }

    @Test("a placeholder inside a segment needs its fixed text and at least one character")
    func insideSegmentMismatch() throws {
        let template = try #require(PathTemplate("/Accounts/{Sid}.json"))
        #expect(template.match("/Accounts/.json") == nil)
        #expect(template.match("/Accounts/AC12.xml") == nil)
        #expect(template.match("/Accounts/AC12") == nil)
    }

    @Test("concrete paths route before templated ones, as OpenAPI requires")
    func routingOrder() throws {
        let login = try #require(PathTemplate("/user/login"))
        let user = try #require(PathTemplate("/user/{username}"))
        let json = try #require(PathTemplate("/user/{username}.json"))
        #expect(login.routesBefore(user))
        #expect(!user.routesBefore(login))
        #expect(json.routesBefore(user))
        #expect(login.routesBefore(json))
        #expect(!user.routesBefore(user))
    }

    @Test("templates that differ only in names have the same shape")
    func shape() throws {
        let a = try #require(PathTemplate("/users/{id}/files/{name}.json"))
        let b = try #require(PathTemplate("/users/{userId}/files/{file}.json"))
        #expect(a.shape == b.shape)
        #expect(a.shape == "/users/{}/files/{}.json")
    }
}
