import Foundation

extension HTTPTransport {
    /// ``perform(_:requestRest:)`` on the calling thread, for code that has a thread of its own (a
    /// server's connection thread, a URL protocol's loader): plain HTTP runs there from start to end
    /// without Swift's cooperative pool, which a busy process (a test run) may have saturated, and
    /// without a thread hop; `https://` waits there for URLSession.
    ///
    /// Never call it from a task: it blocks its thread for the whole exchange.
    package func performBlocking(_ request: HTTPRequest, requestRest: BodyStream? = nil) -> ExchangeOutcome {
        let deadline = ExchangeDeadline(timeout: timeout)
        guard !forcesURLSession, request.url.lowercased().hasPrefix("http://") else {
            let answer = Locked<ExchangeOutcome?>(nil)
            let done = DispatchSemaphore(value: 0)
            Task {
                let outcome = await perform(request, requestRest: requestRest)
                answer.withLock { $0 = outcome }
                done.signal()
            }
            done.wait()
            return answer.current ?? ExchangeOutcome(result: .failure(.cancelled), elapsed: deadline.measured)
        }
        if bodyHandling.streamsOverflow || requestRest != nil {
            return forwardOnThisThread(request, requestRest: requestRest, deadline: deadline)
        }
        return follow(request, deadline: deadline) { hop throws(TransportError) in
            guard let components = URLComponents(string: hop.url) else { throw .invalidURL(hop.url) }
            return try client.blockingExchange(
                hop, url: components, deadline: deadline, maximumBodyBytes: maximumBodyBytes
            ).0
        }
    }
}
