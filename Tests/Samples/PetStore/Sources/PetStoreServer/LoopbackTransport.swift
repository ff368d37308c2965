import ConformHTTP
import Foundation
import HTTPTypes
public import OpenAPIRuntime

/// A `ServerTransport` over Conform's small loopback server: the generated server's handlers,
/// routed by method and path template (`/v1/pets/{petId}`), and any fixed document beside them
/// (the description at `/openapi.yaml`).
public final class LoopbackTransport: ServerTransport, Sendable {
    typealias Handler =
        @Sendable (HTTPTypes.HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (
            HTTPTypes.HTTPResponse, HTTPBody?
        )
    private struct Route {
        var method: HTTPTypes.HTTPRequest.Method
        var segments: [Substring]
        var handler: Handler
    }

    private let routes = Locked<[Route]>([])
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
        routes.withLock {
            $0.append(Route(method: method, segments: path.split(separator: "/"), handler: handler))
        }
    }

    /// Answers one request: a document, a generated handler, 405 or 404.
    func answer(_ request: ConformHTTP.HTTPRequest) async -> ConformHTTP.HTTPResponse {
        if request.method == "GET", let document = documents[request.path] { return document }
        let segments = request.rawPath.split(separator: "/")
        let candidates = routes.current.compactMap { route in
            Self.match(route.segments, segments).map { (route, $0) }
        }
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
            var bytes: [UInt8] = []
            if let body { bytes = try await [UInt8](collecting: body, upTo: 16 * 1024 * 1024) }
            return .init(status: response.status.code, headers: headers, body: bytes)
        } catch {
            // The runtime throws on a request it cannot read (a bad path value, a body that is not a
            // pet): the description's 400, with its Problem body.
            let problem = try? JSONSerialization.data(withJSONObject: ["message": "\(error)"])
            return .init(
                status: 400, headers: ["Content-Type": "application/json"], body: Array(problem ?? Data()))
        }
    }

    /// The path parameters when `template` matches `path` segment for segment.
    private static func match(_ template: [Substring], _ path: [Substring]) -> [String: Substring]? {
        guard template.count == path.count else { return nil }
        var parameters: [String: Substring] = [:]
        for (expected, actual) in zip(template, path) {
            if expected.hasPrefix("{"), expected.hasSuffix("}") {
                let name = expected[
                    expected.index(after: expected.startIndex)..<expected.index(before: expected.endIndex)]
                parameters[String(name)] =
                    actual.removingPercentEncoding.map { Substring($0) } ?? actual
            } else if expected != actual {
                return nil
            }
        }
        return parameters
    }
}
