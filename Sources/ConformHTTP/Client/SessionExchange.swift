import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `https://` path: URLSession driven through a delegate so that it keeps the same guarantees
/// as `HTTPClient` — redirects are never followed by URLSession (a 3xx comes back as a response),
/// auth challenges get no credentials (a 401 returns at once), bytes are counted as they arrive
/// and the task is cancelled at the body limit, and a deadline of our own cancels the task when
/// the whole exchange (not just the wait between bytes) takes too long.
final class SessionExchange: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Pending {
        var continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>
        var deadline: ExchangeDeadline
        var limit: Int
        /// Past the limit, answer with the first bytes and stream the rest (a proxy).
        var streamsOverflow = false
        var response: HTTPURLResponse?
        var body: [UInt8] = []
        /// The 401/407 of a refused auth challenge: URLSession on Linux ends such a task as
        /// cancelled, so this response is what the exchange returns.
        var challengeResponse: HTTPURLResponse?
    }

    private let pending = Locked<[Int: Pending]>([:])
    /// Oversized bodies being streamed on after their exchange answered, by task.
    private let streaming = Locked<[Int: BodyQueue]>([:])
    /// The streams of exchanges that answered with their first bytes, until `exchange` takes them.
    private let rests = Locked<[Int: BodyStream]>([:])
    /// Exchanges ended (deadline, cancellation) before their entry was registered.
    private let endedEarly = Locked<[Int: TransportError]>([:])
    /// Deadlines fire here, on a queue of its own, so a busy cooperative pool cannot delay them.
    private let timers = DispatchQueue(label: "conform.session-exchange.deadlines")
    private let sessionStorage = Locked<URLSession?>(nil)

    private var session: URLSession {
        sessionStorage.withLock { sessionStorage in
            if let sessionStorage { return sessionStorage }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.urlCache = nil
            configuration.httpCookieStorage = nil
            configuration.httpShouldSetCookies = false
            configuration.urlCredentialStorage = nil
            configuration.httpMaximumConnectionsPerHost = 64
            configuration.timeoutIntervalForRequest = 3600
            configuration.timeoutIntervalForResource = 3600
            let created = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
            sessionStorage = created
            return created
        }
    }

    func invalidate() {
        sessionStorage.withLock { sessionStorage in
            sessionStorage?.invalidateAndCancel()
            sessionStorage = nil
        }
    }

    /// A response, and the rest of its body when it went past the limit of a streaming exchange.
    struct Delivered {
        var response: HTTPResponse
        var rest: BodyStream?
    }

    func exchange(
        _ request: HTTPRequest, url: URL, deadline: ExchangeDeadline, maximumBodyBytes: Int,
        streamsOverflow: Bool = false
    ) async throws(TransportError) -> Delivered {
        var urlRequest = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 3600)
        urlRequest.httpMethod = request.method
        for header in request.headers { urlRequest.addValue(header.value, forHTTPHeaderField: header.name) }
        if !request.body.isEmpty { urlRequest.httpBody = Data(request.body) }
        let task = session.dataTask(with: urlRequest)
        let identifier = task.taskIdentifier
        let watchdog = DispatchWorkItem { [self] in
            finish(
                identifier, with: .timedOut(seconds: deadline.timeout.seconds, elapsed: deadline.elapsed),
                deadline: deadline)
            task.cancel()
        }
        let remaining = max(0, (deadline.instant - ContinuousClock.now).seconds)
        timers.asyncAfter(deadline: .now() + remaining, execute: watchdog)
        defer { watchdog.cancel() }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if let ended = endedEarly.withLock({ $0.removeValue(forKey: identifier) }) {
                    continuation.resume(returning: Result<HTTPResponse, TransportError>.failure(ended))
                    return
                }
                pending.withLock {
                    $0[identifier] = Pending(
                        continuation: continuation, deadline: deadline, limit: maximumBodyBytes,
                        streamsOverflow: streamsOverflow)
                }
                task.resume()
            }
        } onCancel: {
            self.finish(identifier, with: .cancelled, deadline: deadline)
            task.cancel()
        }
        let response = try result.get()
        return Delivered(response: response, rest: rests.withLock { $0.removeValue(forKey: identifier) })
    }

    /// Ends the exchange now with `error`, without waiting for URLSession to report the cancelled
    /// task complete: on a loaded machine libcurl can take a long time to wind a busy transfer down,
    /// and the deadline is ours, not its.
    private func finish(_ identifier: Int, with error: TransportError, deadline: ExchangeDeadline) {
        deadline.markEnded()
        guard let entry = pending.withLock({ $0.removeValue(forKey: identifier) }) else {
            endedEarly.withLock { $0[identifier] = $0[identifier] ?? error }
            return
        }
        entry.continuation.resume(returning: .failure(error))
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        // Server trust is left to the system; every credential challenge (Basic, Digest, ...) is
        // refused, so the 401 itself comes back as the response.
        let method = challenge.protectionSpace.authenticationMethod
        if let response = challenge.failureResponse as? HTTPURLResponse {
            pending.withLock { $0[task.taskIdentifier]?.challengeResponse = response }
        }
        if method == NSURLAuthenticationMethodDefault || method == NSURLAuthenticationMethodHTTPBasic
            || method == NSURLAuthenticationMethodHTTPDigest || method == NSURLAuthenticationMethodNTLM
        {
            completionHandler(.rejectProtectionSpace, nil)
        } else {
            completionHandler(.performDefaultHandling, nil)
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        pending.withLock { $0[dataTask.taskIdentifier]?.response = response as? HTTPURLResponse }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if let queue = streaming.withLock({ $0[dataTask.taskIdentifier] }) {
            queue.push(Array(data))
            return
        }
        let overLimit = pending.withLock { table -> Pending? in
            guard let entry = table[dataTask.taskIdentifier] else { return nil }
            if entry.body.count + data.count > entry.limit {
                if entry.streamsOverflow { table[dataTask.taskIdentifier] = nil }
                return entry
            }
            table[dataTask.taskIdentifier]?.body.append(contentsOf: data)
            return nil
        }
        if let overLimit, overLimit.streamsOverflow {
            startStreaming(overLimit, task: dataTask, first: Array(data))
        } else if let overLimit {
            finish(
                dataTask.taskIdentifier, with: .bodyTooLarge(limit: overLimit.limit),
                deadline: overLimit.deadline)
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let queue = streaming.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) {
            let deadline = ExchangeDeadline(timeout: .zero)
            queue.finish(error.map { Self.classify($0, url: task.originalRequest?.url, deadline: deadline) })
            return
        }
        guard let entry = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        let result: Result<HTTPResponse, TransportError>
        if let error,
            let challenged = entry.challengeResponse
                ?? (entry.response?.statusCode == 401 ? entry.response : nil)
        {
            _ = error
            result = .success(Self.record(challenged, body: entry.body, deadline: entry.deadline))
        } else if let error {
            result = .failure(Self.classify(error, url: task.originalRequest?.url, deadline: entry.deadline))
        } else if let response = entry.response {
            result = .success(Self.record(response, body: entry.body, deadline: entry.deadline))
        } else {
            result = .failure(.malformedResponse("the response is not HTTP"))
        }
        entry.deadline.markEnded()
        entry.continuation.resume(returning: result)
    }

    /// Answers a streaming exchange whose body went past its limit: the response with the bytes so
    /// far, and a ``BodyStream`` the rest of the task's data flows into (pausing the task while its
    /// reader lags behind).
    private func startStreaming(_ entry: Pending, task: URLSessionDataTask, first: [UInt8]) {
        guard let response = entry.response else { return }
        nonisolated(unsafe) let task = task
        let queue = BodyQueue(
            pause: { pause in pause ? task.suspend() : task.resume() }, onCancel: { task.cancel() })
        queue.push(first)
        streaming.withLock { $0[task.taskIdentifier] = queue }
        let declared =
            (response.allHeaderFields.first { "\($0.key)".lowercased() == "content-length" }?.value)
            .flatMap { Int("\($0)") }
        let peer = task.originalRequest?.url?.host ?? "the server"
        rests.withLock {
            $0[task.taskIdentifier] = BodyStream(source: .queue(queue), declaredLength: declared, peer: peer)
        }
        entry.deadline.markEnded()
        entry.continuation.resume(
            returning: .success(Self.record(response, body: entry.body, deadline: entry.deadline)))
    }

    private static func record(_ response: HTTPURLResponse, body: [UInt8], deadline: ExchangeDeadline)
        -> HTTPResponse
    {
        var headers: HTTPFields = []
        for (name, value) in response.allHeaderFields {
            headers.append(HeaderField(String(describing: name), String(describing: value)))
        }
        headers = HTTPFields(headers.map { ($0.name.lowercased(), $0) }.sorted { $0.0 < $1.0 }.map(\.1))
        return HTTPResponse(
            status: response.statusCode, headers: headers, body: body, duration: deadline.elapsed)
    }

    static func classify(_ error: any Error, url: URL?, deadline: ExchangeDeadline) -> TransportError {
        let nsError = error as NSError
        let host = url?.host ?? url?.absoluteString ?? "the server"
        let detail = nsError.localizedDescription
        if detail.localizedCaseInsensitiveContains("transfer closed")
            || detail.localizedCaseInsensitiveContains("remaining to read")
        {
            return .connectionLost("the body ended early: \(detail)")
        }
        guard nsError.domain == NSURLErrorDomain else { return .other(detail) }
        switch nsError.code {
        case NSURLErrorCannotConnectToHost:
            return .connectionRefused("\(host):\(url?.port.map(String.init) ?? "default port")")
        case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed: return .hostNotFound(host)
        case NSURLErrorTimedOut:
            return .timedOut(seconds: deadline.timeout.seconds, elapsed: deadline.elapsed)
        case NSURLErrorNetworkConnectionLost: return .connectionLost("network connection lost")
        case NSURLErrorCancelled: return .cancelled
        case NSURLErrorBadServerResponse: return .malformedResponse("bad server response (\(detail))")
        case NSURLErrorBadURL, NSURLErrorUnsupportedURL: return .invalidURL(url?.absoluteString ?? "")
        default: return .other(detail)
        }
    }
}
