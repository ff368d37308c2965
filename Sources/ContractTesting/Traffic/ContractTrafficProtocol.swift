import ConformHTTP
public import ContractKit
public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// The `URLProtocol` behind ``ContractTraffic``: it takes the requests under a registered
/// traffic's base URL, sends them with Conform's own transport (one deadline per call), checks the
/// exchange, records the findings at the calling test, then hands URLSession the response as it
/// came (its content coding undone, as URLSession's own loading does).
///
/// Install it with ``ContractTraffic/install(on:)`` or
/// `URLSessionConfiguration.checkContractTraffic(_:)`, not by hand: the traffic registers itself.
public final class ContractTrafficProtocol: URLProtocol, @unchecked Sendable {
    private static let registered = Locked<[WeakTraffic]>([])
    /// Attributions made in `canInit(with:)`, by request, until the loading starts.
    private static let attributions = Locked<[String: [IssueAttribution]]>([:])
    /// Set when URLSession stopped the load (cancelled): the answer is then not delivered.
    private let stopped = Locked(false)

    private struct WeakTraffic {
        weak var traffic: ContractTraffic?
    }

    static func register(_ traffic: ContractTraffic) {
        registered.withLock { list in
            list.removeAll { $0.traffic == nil || $0.traffic === traffic }
            list.append(WeakTraffic(traffic: traffic))
        }
    }

    static func unregister(_ traffic: ContractTraffic) {
        registered.withLock { $0.removeAll { $0.traffic == nil || $0.traffic === traffic } }
    }

    /// The traffic whose base URL holds `url`, the longest base URL first (the latest registered
    /// among equals).
    static func traffic(for url: URL?) -> ContractTraffic? {
        guard let text = url?.absoluteString else { return nil }
        let live = registered.withLock { $0.compactMap(\.traffic) }
        return live.reversed().filter { $0.covers(text) }.max { $0.baseURL.count < $1.baseURL.count }
    }

    private static func key(_ request: URLRequest) -> String {
        "\(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "")"
    }

    public override class func canInit(with request: URLRequest) -> Bool {
        guard traffic(for: request.url) != nil else { return false }
        guard let attribution = IssueAttribution.current() else { return true }
        let stale = attributions.withLock { pending -> [IssueAttribution] in
            pending[key(request), default: []].append(attribution)
            // An attribution whose request never started loading is let go after a minute.
            var stale: [IssueAttribution] = []
            for (name, list) in pending {
                let live = list.filter { ContinuousClock.now - $0.createdAt < .seconds(60) }
                stale += list.filter { old in !live.contains { $0 === old } }
                pending[name] = live.isEmpty ? nil : live
            }
            return stale
        }
        for attribution in stale { attribution.release() }
        return true
    }

    public override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    public override func startLoading() {
        let request = self.request
        guard let traffic = Self.traffic(for: request.url) else {
            client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL))
            return
        }
        let attribution = Self.attributions.withLock { pending -> IssueAttribution? in
            let key = Self.key(request)
            guard var list = pending[key], !list.isEmpty else { return nil }
            let first = list.removeFirst()
            pending[key] = list.isEmpty ? nil : list
            return first
        }
        nonisolated(unsafe) let loader = self
        // A thread of its own, not a task: the call and the wait for its issues must not depend on
        // Swift's cooperative pool, which the tests themselves may keep busy.
        let thread = Thread {
            let (outcome, result) = traffic.exchange(Self.message(request))
            let lines = traffic.recordsIssues ? FindingMessage.lines(for: result) : []
            if let attribution {
                attribution.record(lines)
            } else if !lines.isEmpty {
                IssueAttribution.recordUnattributed(lines)
            }
            if !loader.stopped.current { loader.deliver(outcome, for: request) }
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    public override func stopLoading() {
        stopped.withLock { $0 = true }
    }

    /// Hands URLSession what the server said, or why nothing came.
    private func deliver(_ outcome: ExchangeOutcome, for request: URLRequest) {
        guard let client else { return }
        switch outcome.result {
        case .success(let response):
            var fields: [String: String] = [:]
            for field in response.headers where fields[field.name] == nil {
                fields[field.name] = response.headers[field.name]
            }
            guard let url = request.url,
                let answer = HTTPURLResponse(
                    url: url, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: fields)
            else {
                client.urlProtocol(self, didFailWithError: URLError(.badServerResponse))
                return
            }
            client.urlProtocol(self, didReceive: answer, cacheStoragePolicy: .notAllowed)
            if !response.body.isEmpty { client.urlProtocol(self, didLoad: Data(response.body)) }
            client.urlProtocolDidFinishLoading(self)
        case .failure(let error):
            client.urlProtocol(self, didFailWithError: URLError(Self.code(for: error)))
        }
    }

    /// The request as Conform sends it: method, URL, headers and body (read from a stream when
    /// URLSession passes the body that way).
    static func message(_ request: URLRequest) -> HTTPRequest {
        var headers = HTTPFields()
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            headers.append(HeaderField(name, value))
        }
        var body = request.httpBody.map { Array($0) } ?? []
        if body.isEmpty, let stream = request.httpBodyStream { body = read(stream) }
        return HTTPRequest(
            method: request.httpMethod ?? "GET", url: request.url?.absoluteString ?? "", headers: headers,
            body: body)
    }

    private static func read(_ stream: InputStream, limit: Int = TargetSettings.defaultMaximumBodyBytes)
        -> [UInt8]
    {
        stream.open()
        defer { stream.close() }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count < limit {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count <= 0 { break }
            bytes += buffer.prefix(count)
        }
        return bytes
    }

    private static func code(for error: TransportError) -> URLError.Code {
        switch error {
        case .timedOut: return .timedOut
        case .connectionRefused: return .cannotConnectToHost
        case .hostNotFound: return .cannotFindHost
        case .cancelled: return .cancelled
        case .invalidURL: return .badURL
        case .bodyTooLarge: return .dataLengthExceedsMaximum
        default: return .networkConnectionLost
        }
    }
}
