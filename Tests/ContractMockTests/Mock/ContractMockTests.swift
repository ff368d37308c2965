import ConformHTTP
import ContractKit
import ContractMock
import Foundation
import JSONSchema
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

private func restaurant() throws -> Contract {
    try ContractLoader.load(file: root.appendingPathComponent("Contracts/restaurant.json").path)
}

/// A request to the mock and what must come back.
struct MockRequest: Sendable, CustomTestStringConvertible {
    var method = "GET"
    var path: String
    var body: String?
    var contentType: String? = "application/json"
    var status: Int
    var endpoint: String
    var testDescription: String { "\(method) \(path) → \(status)" }
}

private func send(_ request: MockRequest, to baseURL: String) async throws -> (HTTPURLResponse, Data) {
    var urlRequest = URLRequest(url: try #require(URL(string: baseURL + request.path)))
    urlRequest.httpMethod = request.method
    if let body = request.body {
        urlRequest.httpBody = Data(body.utf8)
        if let type = request.contentType { urlRequest.setValue(type, forHTTPHeaderField: "Content-Type") }
    }
    let (data, response) = try await URLSession.shared.data(for: urlRequest)
    return (try #require(response as? HTTPURLResponse), data)
}

@Suite("Contract mock")
struct ContractMockTests {
    static let valid: [MockRequest] = [
        MockRequest(path: "/categories", status: 200, endpoint: "listCategories"),
        MockRequest(path: "/menu", status: 200, endpoint: "listMenu"),
        MockRequest(path: "/menu?category=Desserts", status: 200, endpoint: "listMenu"),
        MockRequest(path: "/menu?category=", status: 200, endpoint: "listMenu"),
        MockRequest(
            method: "POST", path: "/order", body: #"{"menuIds": [1, 2]}"#, status: 200, endpoint: "placeOrder"
        ),
    ]

    @Test("every JSON endpoint answers a body valid by its schema", arguments: valid)
    func schemaValidBodies(request: MockRequest) async throws {
        let contract = try restaurant()
        let mock = ContractMock(contract: contract)
        let baseURL = try mock.start()
        defer { mock.shutdown() }
        let (response, data) = try await send(request, to: baseURL)
        #expect(response.statusCode == request.status)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
        let endpoint = try #require(contract.endpoint(request.endpoint))
        let schemaPointer = try #require(endpoint.response(for: request.status)?.schemaPointer)
        let body = try JSONParser.parse(Array(data))
        let result = ContractSchemas(contract: contract).validate(body, at: schemaPointer)
        #expect(result.isValid, "\(result.errors)")
    }

    @Test("the category filter filters, and image URLs point at the mock itself")
    func filterAndImageURLs() async throws {
        let mock = ContractMock(contract: try restaurant())
        let baseURL = try mock.start()
        defer { mock.shutdown() }
        let (_, data) = try await send(
            MockRequest(path: "/menu?category=Entrees", status: 200, endpoint: "listMenu"), to: baseURL)
        let items = try #require(try JSONParser.parse(Array(data))["items"]?.arrayValue)
        #expect(items.count == 2)
        #expect(items.allSatisfy { $0["category"] == "Entrees" })
        #expect(items.allSatisfy { $0["image_url"]?.stringValue?.hasPrefix(baseURL + "/images/") == true })
    }

    @Test(
        "images are real PNG and JPEG bytes",
        arguments: [("/images/1.png", "image/png"), ("/images/4.jpg", "image/jpeg")])
    func images(path: String, type: String) async throws {
        let mock = ContractMock(contract: try restaurant())
        let baseURL = try mock.start()
        defer { mock.shutdown() }
        let (response, data) = try await send(
            MockRequest(path: path, status: 200, endpoint: "getImage"), to: baseURL)
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == type)
        #expect(BinarySignature.mismatch(type: type, body: Array(data)) == nil)
    }

    static let invalid: [MockRequest] = [
        MockRequest(
            method: "POST", path: "/order", body: #"{"menuIds": "1"}"#, status: 400, endpoint: "placeOrder"),
        MockRequest(
            method: "POST", path: "/order", body: #"{"menuIds": []}"#, status: 400, endpoint: "placeOrder"),
        MockRequest(
            method: "POST", path: "/order", body: #"{"menuIds": [1], "tip": 2}"#, status: 400,
            endpoint: "placeOrder"),
        MockRequest(
            method: "POST", path: "/order", body: #"{"menuIds": [1"#, status: 400, endpoint: "placeOrder"),
        MockRequest(
            method: "POST", path: "/order", body: #"{"menuIds": [1]}"#, contentType: "text/plain",
            status: 400, endpoint: "placeOrder"),
        MockRequest(method: "POST", path: "/order", status: 400, endpoint: "placeOrder"),
        // getImage declares 200 and 404 only: an invalid file name gets the declared 404.
        MockRequest(path: "/images/passwd", status: 404, endpoint: "getImage"),
        MockRequest(path: "/images/..%2F..%2Fetc%2Fpasswd", status: 404, endpoint: "getImage"),
        MockRequest(path: "/nowhere", status: 404, endpoint: ""),
        MockRequest(method: "DELETE", path: "/menu", status: 405, endpoint: ""),
    ]

    @Test("requests the contract does not allow get a 4xx with a JSON error", arguments: invalid)
    func rejections(request: MockRequest) async throws {
        let mock = ContractMock(contract: try restaurant())
        let baseURL = try mock.start()
        defer { mock.shutdown() }
        let (response, data) = try await send(request, to: baseURL)
        #expect(response.statusCode == request.status)
        let body = try JSONParser.parse(Array(data))
        #expect(body["error"]?.stringValue?.isEmpty == false)
        if request.status == 405 { #expect(response.value(forHTTPHeaderField: "Allow") == "GET") }
    }

    @Test("without examples, bodies are generated from the schema: valid, and the same for the same seed")
    func generatedBodies() throws {
        let text = """
            {"conform": 1, "name": "Generated", "version": "1",
             "schemas": {"Item": {"type": "object", "required": ["id", "tags"], "additionalProperties": false,
               "properties": {"id": {"type": "integer", "minimum": 10, "maximum": 20},
                              "tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}, "uniqueItems": true},
                              "when": {"type": "string", "format": "date-time"}}}},
             "endpoints": [{"id": "item", "method": "GET", "path": "/item",
               "responses": {"200": {"schema": {"$ref": "#/schemas/Item"}}}}]}
            """
        let contract = try ContractLoader.load(bytes: Array(text.utf8))
        let request = HTTPRequest(
            method: "GET", url: "/item", headers: [:], body: [], version: "HTTP/1.1", remoteAddress: "test")
        func body(seed: UInt64) throws -> JSONValue {
            let response = ContractMock(contract: contract, configuration: .init(seed: seed)).respond(
                to: request)
            #expect(response.status == 200)
            return try JSONParser.parse(response.body)
        }
        let first = try body(seed: 7)
        #expect(try body(seed: 7) == first)
        let schemas = ContractSchemas(contract: contract)
        for seed in UInt64(1)...20 {
            let result = schemas.validate(try body(seed: seed), at: JSONPointer(tokens: ["schemas", "Item"]))
            #expect(result.isValid, "seed \(seed): \(result.errors)")
        }
    }
}
