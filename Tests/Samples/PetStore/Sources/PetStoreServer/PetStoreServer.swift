import ConformHTTP
public import Foundation
public import OpenAPIRuntime
import PetStoreAPI

/// The pet store served on a loopback port: the generated server's handlers over
/// ``LoopbackTransport``, under the description's `servers` path (`/v1`), and the description
/// itself at `/openapi.yaml`, the way frameworks publish theirs.
public final class PetStoreServer: Sendable {
    /// `http://127.0.0.1:<port>`.
    public let origin: String
    /// Where the API lives: the origin and `/v1`.
    public let baseURL: String
    private let server: ConformHTTP.HTTPServer

    /// Starts the server.
    ///
    /// - Parameters:
    ///   - configuration: the runtime's coding rules on the server side; a server made with
    ///     `.iso8601WithFractionalSeconds` sends dates the default client cannot read.
    ///   - description: the bytes served at `/openapi.yaml`, when given.
    ///   - port: 0 for a free port.
    public init(
        service: PetStoreService = PetStoreService(), configuration: Configuration = Configuration(),
        description: [UInt8]? = nil, port: Int = 0
    ) throws {
        let transport = LoopbackTransport(
            documents: description.map { ["/openapi.yaml": (contentType: "application/yaml", bytes: $0)] }
                ?? [:])
        let serverURL = try Servers.Server1.url()
        try service.registerHandlers(on: transport, serverURL: serverURL, configuration: configuration)
        server = ConformHTTP.HTTPServer(configuration: .init(host: "127.0.0.1", port: port)) { request in
            await transport.answer(request)
        }
        origin = "http://127.0.0.1:\(try server.start())"
        baseURL = origin + serverURL.path
    }

    /// Stops accepting connections and closes the open ones.
    public func shutdown() { server.shutdown() }

    deinit { server.shutdown() }
}
