import Foundation
import OpenAPIRuntime
import OpenAPIURLSession
import PetStoreAPI
import PetStoreServer
import Testing

/// The seeded date incompatibility end to end: a server whose runtime writes fractional seconds,
/// and the generated client talking to it over the network.
@Suite("A server that writes fractional seconds and the generated client")
struct LiveClientTests {
    @Test(
        "the default client throws on the server's dates; the RFC 3339 reader the fuzzer points to reads them"
    )
    func fractionalSeconds() async throws {
        let server = try PetStoreServer(
            configuration: Configuration(dateTranscoder: .iso8601WithFractionalSeconds))
        defer { server.shutdown() }
        let url = try #require(URL(string: server.baseURL))
        let tolerant = Client(
            serverURL: url, configuration: Configuration(dateTranscoder: RFC3339DateTranscoder()),
            transport: URLSessionTransport())
        let created = try await tolerant.createPet(body: .json(.init(name: "Rex"))).created.body.json
        let plain = Client(
            serverURL: url, configuration: PetStoreAPI.clientConfiguration, transport: URLSessionTransport())
        await #expect(throws: (any Error).self) {
            _ = try await plain.getPet(path: .init(petId: created.id)).ok.body.json
        }
        let read = try await tolerant.getPet(path: .init(petId: created.id)).ok.body.json
        #expect(read.name == "Rex")
    }
}
