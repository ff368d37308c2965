import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends requests with URLSession and turns every failure into a `TransportError`.
///
/// One session per run, with no caches or cookies, so each case sees exactly what the server sends.
public final class HTTPTransport: Sendable {
    public let timeout: Duration
    public let maximumBodyBytes: Int
    private let session: URLSession

    public init(timeout: Duration = .seconds(30), maximumBodyBytes: Int = 64 * 1_048_576) {
        self.timeout = timeout
        self.maximumBodyBytes = maximumBodyBytes
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout.seconds
        configuration.timeoutIntervalForResource = timeout.seconds
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpMaximumConnectionsPerHost = 64
        session = URLSession(configuration: configuration)
    }

    deinit { session.finishTasksAndInvalidate() }

    /// Sends `request` and returns the complete response.
    public func send(_ request: RequestRecord) async throws(TransportError) -> ResponseRecord {
        guard let url = URL(string: request.url), url.scheme == "http" || url.scheme == "https" else {
            throw .invalidURL(request.url)
        }
        var urlRequest = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout.seconds)
        urlRequest.httpMethod = request.method
        for header in request.headers { urlRequest.addValue(header.value, forHTTPHeaderField: header.name) }
        if !request.body.isEmpty { urlRequest.httpBody = Data(request.body) }
        let clock = ContinuousClock()
        let start = clock.now
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch {
            throw Self.classify(error, url: url, timeout: timeout)
        }
        let duration = clock.now - start
        guard let http = response as? HTTPURLResponse else { throw .other("the response is not HTTP") }
        if data.count > maximumBodyBytes { throw .bodyTooLarge(limit: maximumBodyBytes) }
        var headers: [HeaderField] = []
        for (name, value) in http.allHeaderFields {
            headers.append(HeaderField(String(describing: name), String(describing: value)))
        }
        // Sort on keys lowercased once each, not twice per comparison.
        headers = headers.map { ($0.name.lowercased(), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
        return ResponseRecord(
            status: http.statusCode, headers: headers, body: Array(data), duration: duration)
    }

    static func classify(_ error: any Error, url: URL, timeout: Duration) -> TransportError {
        let nsError = error as NSError
        let host = url.host ?? url.absoluteString
        let detail = nsError.localizedDescription
        if detail.localizedCaseInsensitiveContains("transfer closed")
            || detail.localizedCaseInsensitiveContains("remaining to read")
        {
            return .connectionLost("the body ended early: \(detail)")
        }
        guard nsError.domain == NSURLErrorDomain else { return .other(detail) }
        switch nsError.code {
        case NSURLErrorCannotConnectToHost:
            return .connectionRefused("\(host):\(url.port.map(String.init) ?? "default port")")
        case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed: return .hostNotFound(host)
        case NSURLErrorTimedOut: return .timedOut(seconds: timeout.seconds)
        case NSURLErrorNetworkConnectionLost: return .connectionLost("network connection lost")
        case NSURLErrorHTTPTooManyRedirects: return .tooManyRedirects
        case NSURLErrorBadServerResponse: return .connectionLost("bad server response")
        case NSURLErrorBadURL, NSURLErrorUnsupportedURL: return .invalidURL(url.absoluteString)
        default: return .other(detail)
        }
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    public var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    /// The duration in milliseconds, as a `Double`.
    public var milliseconds: Double { seconds * 1000 }
}
