import ConformHTTP
import ContractFuzz
import ContractKit
import ContractMock
import Foundation
import Testing

/// An endpoint that answers after a delay it is given, as httpbin's `/delay/{n}` does, beside
/// one that answers at once.
private let delays = #"""
    {"openapi": "3.0.3", "info": {"title": "Delays", "version": "1"},
     "paths": {
       "/delay/{n}": {"get": {"operationId": "delay",
         "parameters": [{"name": "n", "in": "path", "required": true, "schema": {"type": "integer"}}],
         "responses": {"200": {"description": "ok"}, "400": {"description": "not a number"}}}},
       "/ping": {"get": {"operationId": "ping", "responses": {"200": {"description": "ok"}}}}}}
    """#

@Suite("A slow endpoint", .serialized)
struct SlowEndpointTests {
    @Test("each phase stops after two answers time out, and says so; other endpoints go on")
    func timeoutsStopTheSession() async throws {
        let contract = try ContractLoader.load(bytes: Array(delays.utf8), file: "delays.json")
        let delayed = Locked(0)
        let server = HTTPServer { request in
            if request.path.hasPrefix("/delay/") {
                delayed.withLock { $0 += 1 }
                Thread.sleep(forTimeInterval: 0.6)
            }
            return HTTPResponse(status: 200)
        }
        let port = try server.start()
        defer { server.shutdown() }
        var configuration = ServerFuzzer.Configuration(
            baseURL: "http://127.0.0.1:\(port)", casesPerEndpoint: 20, seed: 1)
        configuration.target.timeout = .milliseconds(150)
        configuration.stateless = true
        let outcome = await ServerFuzzer(contract: contract, configuration: configuration).run()

        // Two timeouts end a phase: two valid requests, then two invalid ones (docs/server-fuzzing.md).
        #expect(delayed.current == 4, "requests that reached /delay")
        let delay = outcome.result.cases.filter { $0.endpointID == "delay" }
        let valid = try #require(delay.first { $0.name == "positive_data_acceptance" })
        #expect(valid.outcome == .failed)
        #expect(
            valid.reason?.contains(
                "valid requests stopped after 2 answers took longer than the 0.15 s timeout")
                == true,
            "\(valid.reason ?? "")")
        let invalid = try #require(delay.first { $0.name == "negative_data_rejection" })
        #expect(invalid.reason?.contains("invalid requests stopped after 2 answers") == true)
        let ping = try #require(outcome.result.cases.first { $0.id == "ping/positive_data_acceptance" })
        #expect(ping.outcome == .passed)
    }
}
