import ConformHTTP
import Foundation
import HTTPTypes
public import OpenAPIRuntime

/// A `ServerTransport` over Conform's small loopback server: the generated server's handlers,
/// routed by method and path template (`/v1/pets/{petId}`), and any fixed document beside them
/// (the description at `/openapi.yaml`).
public final class LoopbackTransport: ServerTransport, @unchecked Sendable {
    typealias Handler =
        @Sendable (HTTPTypes.HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (
            HTTPTypes.HTTPResponse, HTTPBody?
        )
    private struct Route {
        var method: HTTPTypes.HTTPRequest.Method
        var segments: [Substring]
        var handler: Handler
    }

    private let lock = NSLock()
    private var routes: [Route] = []
    private let documents: [String: ConformHTTP.HTTPResponse]

    /// - Parameter documents: fixed answers by path, such as the description itself.
    public init(documents: [String: (contentType: String, bytes: [UInt8])] = [:]) {
        self.documents = documents.mapValues {
            ConformHTTP.HTTPResponse(status: 200, headers: ["Content-Type": $0.contentType], body: $0.bytes)
        }
    }

    public func register(
        _ handler:
            @Sendable @escaping (HTTPTypes.HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws
            -> (HTTPTypes.HTTPResponse, HTTPBody?),
        method: HTTPTypes.HTTPRequest.Method, path: String
    ) throws {
        lock.lock()
        defer { lock.unlock() }
        routes.append(Route(method: method, segments: path.split(separator: "/"), handler: handler))
    }

    /// Answers one request: a document, a generated handler, 405 or 404.
    func answer(_ request: ConformHTTP.HTTPRequest) async -> ConformHTTP.HTTPResponse {
        if request.method == "GET", let document = documents[request.path] { return document }
        let segments = request.rawPath.split(separator: "/")
        lock.lock()
        let candidates = routes.compactMap { route in
            Self.match(route.segments, segments).map { (route, $0) }
        }
        lock.unlock()
        guard !candidates.isEmpty else { return .init(status: 404, text: "no such path") }
        guard let (route, parameters) = candidates.first(where: { $0.0.method.rawValue == request.method })
        else {
            let allowed = candidates.map(\.0.method.rawValue).joined(separator: ", ")
            return .init(status: 405, headers: ["Allow": allowed], body: [])
        }
        var fields = HTTPTypes.HTTPFields()
        for field in request.headers {
            guard let name = HTTPField.Name(field.name) else { continue }
            fields.append(HTTPField(name: name, value: field.value))
        }
        let incoming = HTTPTypes.HTTPRequest(
            method: route.method, scheme: nil, authority: nil, path: request.target, headerFields: fields)
        do {
            let (response, body) = try await route.handler(
                incoming, request.body.isEmpty ? nil : HTTPBody(request.body),
                ServerRequestMetadata(pathParameters: parameters))
            var headers = ConformHTTP.HTTPFields()
            for field in response.headerFields { headers.add(field.name.rawName, field.value) }
            let bytes = try await body.map { try await [UInt8](collecting: $0, upTo: 16 * 1024 * 1024) } ?? []
            return .init(status: response.status.code, headers: headers, body: bytes)
        } catch {
            // The runtime wraps a request it cannot read (a bad path value, a body that is not a pet).
            return .init(status: 400, text: "\(error)")
        }
    }

    /// The path parameters when `template` matches `path` segment for segment.
    private static func match(_ template: [Substring], _ path: [Substring]) -> [String: Substring]? {
        guard template.count == path.count else { return nil }
        var parameters: [String: Substring] = [:]
        for (expected, actual) in zip(template, path) {
            if expected.hasPrefix("{"), expected.hasSuffix("}") {
                parameters[String(expected.dropFirst().dropLast())] =
                    actual.removingPercentEncoding.map(Substring.init) ?? actual
            } else if expected != actual {
                return nil
            }
        }
        return parameters
    }
}
