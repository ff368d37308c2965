import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends requests and turns every failure into a `TransportError`: the one exchange layer of
/// `run`, `fuzz`, `ContractTesting` and the sample recorder.
///
/// `http://` goes through Conform's own HTTP/1.1 client, `https://` through URLSession driven by a
/// delegate; both keep the same guarantees: one deadline for the whole exchange (connect, send,
/// headers, body, redirects), the body limit enforced while bytes arrive, auth challenges and
/// redirects returned as responses, and the real elapsed time on every outcome, errors included.
public final class HTTPTransport: Sendable {
    /// The default `--max-body`: 64 MiB.
    public static let defaultMaximumBodyBytes = 64 * 1_048_576
    /// The default bound on one whole exchange: 30 s.
    public static let defaultTimeout: Duration = .seconds(30)
    /// Redirects followed at most (with `followRedirects`) before the case is an error.
    public static let maximumRedirects = 10

    public let timeout: Duration
    public let maximumBodyBytes: Int
    /// Follow same-origin redirects (`--follow-redirects`); otherwise a 3xx is the response.
    public let followRedirects: Bool
    /// Decoded for checks, or as sent for a proxy (``BodyHandling``).
    public let bodyHandling: BodyHandling
    let client = HTTPClient()
    let session = SessionExchange()
    /// Sends `http://` through URLSession too, so tests can check the delegate path without TLS.
    let forcesURLSession: Bool

    public convenience init(
        timeout: Duration = HTTPTransport.defaultTimeout,
        maximumBodyBytes: Int = HTTPTransport.defaultMaximumBodyBytes, followRedirects: Bool = false,
        bodyHandling: BodyHandling = .decoded
    ) {
        self.init(
            timeout: timeout, maximumBodyBytes: maximumBodyBytes, followRedirects: followRedirects,
            forcesURLSession: false, bodyHandling: bodyHandling)
    }

    init(
        timeout: Duration, maximumBodyBytes: Int, followRedirects: Bool, forcesURLSession: Bool,
        bodyHandling: BodyHandling = .decoded
    ) {
        self.timeout = timeout
        self.maximumBodyBytes = maximumBodyBytes
        self.followRedirects = followRedirects && bodyHandling.decodesContent
        self.forcesURLSession = forcesURLSession
        self.bodyHandling = bodyHandling
    }

    deinit { session.invalidate() }

    /// Sends `request` and returns the complete response (after same-origin redirects when
    /// `followRedirects` is on; the hops are in `HTTPResponse.redirects`).
    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        try await perform(request).result.get()
    }

    /// Sends `request` and returns the outcome with the time it took, whether it succeeded or not.
    ///
    /// - Parameter requestRest: The rest of a request body too large to hold, sent after
    ///   `request.body` as it is read (a proxy passing an upload on; `http://` only).
    public func perform(_ request: HTTPRequest, requestRest: BodyStream? = nil) async -> ExchangeOutcome {
        let deadline = ExchangeDeadline(timeout: timeout)
        if bodyHandling.streamsOverflow || requestRest != nil {
            return await forward(request, requestRest: requestRest, deadline: deadline)
        }
        // Plain HTTP runs the whole exchange, redirects included, on one worker thread: no return
        // to the cooperative pool between hops (a busy pool would eat into the deadline).
        if !forcesURLSession, request.url.lowercased().hasPrefix("http://") {
            return await client.onWorker(deadline: deadline) {
                self.follow(request, deadline: deadline) { hop throws(TransportError) in
                    guard let components = URLComponents(string: hop.url) else { throw .invalidURL(hop.url) }
                    return try self.client.blockingExchange(
                        hop, url: components, deadline: deadline, maximumBodyBytes: self.maximumBodyBytes
                    ).0
                }
            }
        }
        var hops: [RedirectHop] = []
        do throws(TransportError) {
            var current = request
            while true {
                let response = try await exchangeOnce(current, deadline: deadline)
                if let next = try nextHop(after: response, to: current, hops: &hops) {
                    current = next
                } else {
                    return finished(response, hops: hops, deadline: deadline)
                }
            }
        } catch {
            return ExchangeOutcome(result: .failure(error), elapsed: deadline.measured)
        }
    }

    /// The synchronous twin of `perform`'s loop, for the worker thread of plain HTTP.
    func follow(
        _ request: HTTPRequest, deadline: ExchangeDeadline,
        exchange: (HTTPRequest) throws(TransportError) -> HTTPResponse
    ) -> ExchangeOutcome {
        var hops: [RedirectHop] = []
        do throws(TransportError) {
            var current = request
            while true {
                let response = try exchange(current)
                if let next = try nextHop(after: response, to: current, hops: &hops) {
                    current = next
                } else {
                    return finished(response, hops: hops, deadline: deadline)
                }
            }
        } catch {
            return ExchangeOutcome(result: .failure(error), elapsed: deadline.measured)
        }
    }

    /// The request to send next when `response` is a redirect to follow, recording the hop.
    private func nextHop(after response: HTTPResponse, to request: HTTPRequest, hops: inout [RedirectHop])
        throws(TransportError) -> HTTPRequest?
    {
        guard followRedirects, let next = try redirect(from: request, response: response) else { return nil }
        hops.append(RedirectHop(status: response.status, method: request.method, url: request.url))
        if hops.count > Self.maximumRedirects { throw .tooManyRedirects(hops: hops.count) }
        return next
    }

    private func finished(_ response: HTTPResponse, hops: [RedirectHop], deadline: ExchangeDeadline)
        -> ExchangeOutcome
    {
        var response = response
        response.redirects = hops
        response.duration = deadline.measured
        return ExchangeOutcome(result: .success(response), elapsed: deadline.measured)
    }

    private func exchangeOnce(_ request: HTTPRequest, deadline: ExchangeDeadline)
        async throws(TransportError)
        -> HTTPResponse
    {
        guard let url = URL(string: request.url), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https"
        else { throw .invalidURL(request.url) }
        // Plain HTTP never gets here unless URLSession is forced: `perform` runs it on a worker, and
        // a same-origin redirect keeps the scheme.
        return try await session.exchange(
            request, url: url, deadline: deadline, maximumBodyBytes: maximumBodyBytes
        ).response
    }

    /// The request a same-origin redirect asks for, nil when `response` is not a redirect.
    /// - Throws: `crossOriginRedirect` when the target is another origin (nothing is sent there).
    private func redirect(from request: HTTPRequest, response: HTTPResponse) throws(TransportError)
        -> HTTPRequest?
    {
        guard [301, 302, 303, 307, 308].contains(response.status), let location = response.header("Location"),
            let base = URL(string: request.url),
            let target = URL(string: location, relativeTo: base)?.absoluteURL
        else { return nil }
        guard Self.origin(of: target) == Self.origin(of: base) else {
            throw .crossOriginRedirect(status: response.status, location: location)
        }
        var next = request
        next.url = target.absoluteString
        let becomesGET =
            response.status == 303 && request.method != "HEAD"
            || (response.status == 301 || response.status == 302) && request.method == "POST"
        if becomesGET {
            next.method = "GET"
            next.body = []
            next.headers.removeAll {
                ["content-type", "content-length", "content-encoding"].contains($0.name.lowercased())
            }
        }
        return next
    }

    /// `scheme://host:port`, with the scheme's default port filled in.
    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\((url.host ?? "").lowercased()):\(port)"
    }
}
