import Foundation

extension HTTPTransport {
    /// One exchange for a proxy (``BodyHandling/forwarded``): no redirect followed, the body as the
    /// server coded it, and a body past the limit returned as its first bytes and the rest.
    func forward(_ request: HTTPRequest, requestRest: BodyStream?, deadline: ExchangeDeadline) async
        -> ExchangeOutcome
    {
        if !forcesURLSession, request.url.lowercased().hasPrefix("http://") {
            return await client.onWorker(deadline: deadline) {
                self.forwardOnThisThread(request, requestRest: requestRest, deadline: deadline)
            }
        }
        if let requestRest {
            requestRest.close()
            return ExchangeOutcome(
                result: .failure(
                    .other("a request body over --max-body is streamed to http:// upstreams only")),
                elapsed: deadline.measured)
        }
        do throws(TransportError) {
            guard let url = URL(string: request.url), let scheme = url.scheme?.lowercased(),
                scheme == "http" || scheme == "https"
            else { throw .invalidURL(request.url) }
            let delivered = try await session.exchange(
                request, url: url, deadline: deadline, maximumBodyBytes: maximumBodyBytes,
                streamsOverflow: true)
            var response = delivered.response
            response.duration = deadline.measured
            // URLSession has already undone the content coding: the headers must say so.
            if response.headers.contains("Content-Encoding") {
                response.headers["Content-Encoding"] = nil
                response.headers["Content-Length"] = nil
            }
            return ExchangeOutcome(
                result: .success(response), elapsed: deadline.measured, rest: delivered.rest)
        } catch {
            return ExchangeOutcome(result: .failure(error), elapsed: deadline.measured)
        }
    }

    /// ``forward(_:requestRest:deadline:)`` for plain HTTP, on the calling thread.
    func forwardOnThisThread(_ request: HTTPRequest, requestRest: BodyStream?, deadline: ExchangeDeadline)
        -> ExchangeOutcome
    {
        do throws(TransportError) {
            guard let components = URLComponents(string: request.url) else { throw .invalidURL(request.url) }
            let (response, rest) =
                if let requestRest {
                    try client.streamingExchange(
                        request, rest: requestRest, url: components, timeout: timeout,
                        maximumBodyBytes: maximumBodyBytes, handling: bodyHandling, cancelled: deadline)
                } else {
                    try client.blockingExchange(
                        request, url: components, deadline: deadline, maximumBodyBytes: maximumBodyBytes,
                        handling: bodyHandling)
                }
            return ExchangeOutcome(result: .success(response), elapsed: deadline.measured, rest: rest)
        } catch {
            return ExchangeOutcome(result: .failure(error), elapsed: deadline.measured)
        }
    }
}
