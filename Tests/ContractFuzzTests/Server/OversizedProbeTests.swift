import ConformHTTP
import ContractFuzz
import ContractKit
import ContractMock
import Foundation
import Testing

/// Two endpoints that need a `title`, one taking JSON and one a URL-encoded form; their objects
/// are open, so a larger body with one more member is still valid.
private let titledContract = #"""
    {
      "conform": 1, "name": "Titled API", "version": "1.0.0",
      "endpoints": [
        { "id": "addNote", "method": "POST", "path": "/notes",
          "request": { "schema": { "type": "object", "required": ["title"],
            "properties": { "title": { "type": "string", "minLength": 1 } } } },
          "responses": { "201": {}, "400": {}, "413": {} } },
        { "id": "addForm", "method": "POST", "path": "/forms",
          "request": { "contentType": "application/x-www-form-urlencoded",
            "schema": { "type": "object", "required": ["title"],
              "properties": { "title": { "type": "string", "minLength": 1 } } } },
          "responses": { "201": {}, "400": {}, "413": {} } }
      ]
    }
    """#

@Suite("The oversized-body probe")
struct OversizedProbeTests {
    /// The probe's padding: 11 MiB, above the usual server limits.
    static let oversizedBytes = 11 * 1_048_576

    @Test("carries the valid body's fields, so what the server judges is the size alone")
    func oversizedBodyKeepsTheValidFields() async throws {
        let contract = try ContractLoader.load(bytes: Array(titledContract.utf8), file: "titled.json")
        let largest = Locked<[String: [UInt8]]>([:])
        let server = HTTPServer(configuration: .init(maxBodyBytes: 16 * 1_048_576)) { request in
            largest.withLock { bodies in
                if request.body.count > bodies[request.path]?.count ?? 0 {
                    bodies[request.path] = request.body
                }
            }
            return HTTPResponse(status: request.body.count > 1_048_576 ? 413 : 400)
        }
        let port = try server.start()
        defer { server.shutdown() }
        var configuration = ServerFuzzer.Configuration(
            baseURL: "http://127.0.0.1:\(port)", casesPerEndpoint: 40, seed: 3)
        configuration.stateless = true
        _ = await ServerFuzzer(contract: contract, configuration: configuration).run()

        let note = try #require(largest.current["/notes"])
        #expect(note.count > Self.oversizedBytes)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(note)) as? [String: Any])
        #expect((object["title"] as? String)?.isEmpty == false, "the JSON probe keeps the required title")
        #expect((object["padding"] as? String)?.count == Self.oversizedBytes)

        let form = try #require(largest.current["/forms"])
        #expect(form.count > Self.oversizedBytes)
        let text = String(decoding: form.prefix(4096), as: UTF8.self)
        #expect(text.hasPrefix("title="), "the form probe starts with the valid fields: \(text.prefix(40))")
        #expect(text.contains("&padding=xxxx"))
    }
}
