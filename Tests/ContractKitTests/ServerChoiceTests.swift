import ContractKit
import Testing

@Suite("ServerChoice: which server a run checks")
struct ServerChoiceTests {
    struct Resolution: Sendable, CustomTestStringConvertible {
        var location: String
        var declared: String?
        var expected: String
        var testDescription: String { "\(declared ?? "no servers") at \(location)" }
    }

    @Test(
        "a served description means its origin with the servers path, resolved as OpenAPI resolves it",
        arguments: [
            Resolution(
                location: "http://127.0.0.1:8000/openapi.json", declared: nil,
                expected: "http://127.0.0.1:8000"),
            Resolution(
                location: "http://127.0.0.1:8000/openapi.json", declared: "/",
                expected: "http://127.0.0.1:8000"),
            Resolution(
                location: "http://127.0.0.1:8000/docs/openapi.json", declared: "/v1",
                expected: "http://127.0.0.1:8000/v1"),
            Resolution(
                location: "http://127.0.0.1:8000/docs/openapi.json", declared: "v1/",
                expected: "http://127.0.0.1:8000/docs/v1"),
            Resolution(
                location: "http://127.0.0.1:8000/docs/openapi.json", declared: "../api",
                expected: "http://127.0.0.1:8000/api"),
            Resolution(
                location: "HTTP://127.0.0.1:8000/openapi.json?token=x",
                declared: "https://petstore.example.com/api/v3/",
                expected: "http://127.0.0.1:8000/api/v3"),
            Resolution(
                location: "http://[::1]:9000/spec.yaml", declared: "/api", expected: "http://[::1]:9000/api"),
        ])
    func resolution(_ given: Resolution) {
        #expect(ServerChoice.server(servingAt: given.location, declared: given.declared) == given.expected)
    }

    @Test("--base-url wins; a file means the mock; a URL means the server that served it")
    func choice() throws {
        let contract = try ContractLoader.load(
            bytes: Array(
                #"""
                {"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "servers": [{"url": "/v2"}],
                 "paths": {"/a": {"get": {"responses": {"204": {"description": "No content."}}}}}}
                """#.utf8))
        #expect(contract.serverURL == "/v2")
        #expect(
            ServerChoice(baseURL: "http://other:1", location: "http://h:1/openapi.json", contract: contract)
                == .given("http://other:1"))
        #expect(
            ServerChoice(baseURL: nil, location: "http://h:1/openapi.json", contract: contract)
                == .describedServer("http://h:1/v2"))
        #expect(ServerChoice(baseURL: "", location: "openapi.json", contract: contract) == .mock)
        #expect(ServerChoice(baseURL: nil, location: "openapi.json", contract: contract).baseURL == nil)
    }
}
