import ConformHTTP
import ContractKit
import Foundation

extension ContractProxy {
    /// One exchange: forward, check both sides, record, then answer what the upstream said (or a
    /// problem response, when asked to or when the upstream gave none).
    func handle(_ incoming: HTTPServer.Incoming) -> HTTPServer.Reply {
        let number = run.nextNumber()
        let startedAt = Date()
        let (forwarded, operationTarget) = route.forwarded(incoming.request)
        let outcome = transport.performBlocking(forwarded, requestRest: incoming.rest)
        var exchange = TrafficExchange(
            name: "exchange \(number) (\(Timestamp.iso8601(startedAt)))", request: forwarded,
            startedAt: startedAt, duration: outcome.elapsed, requestBodyUnchecked: incoming.rest != nil,
            responseBodyUnchecked: outcome.rest != nil)
        exchange.operationPath = String(operationTarget.prefix { $0 != "?" })
        let received: HTTPResponse?
        switch outcome.result {
        case .success(let response):
            received = response
            exchange.response =
                outcome.rest == nil
                ? (try? response.decodingContent(limit: configuration.maximumBodyBytes)) ?? response
                : response
        case .failure(let error):
            received = nil
            exchange.failure = error
        }
        let result = run.check(exchange)
        keep(result, exchange: exchange)
        guard let received else {
            let timedOut = if case .timedOut? = exchange.failure { true } else { false }
            return HTTPServer.Reply(ProblemResponse.unavailable(result, timedOut: timedOut))
        }
        if configuration.answersViolations && !result.findings.isEmpty {
            outcome.rest?.close()
            return HTTPServer.Reply(ProblemResponse.violation(result, upstreamStatus: received.status))
        }
        var passed = received
        passed.headers = UpstreamRoute.passedOn(received.headers)
        return HTTPServer.Reply(passed, rest: outcome.rest, restIdleTimeout: configuration.timeout)
    }

    /// Saves the sample and the HAR entry of a verdict the run keeps, and reports progress.
    private func keep(_ result: CaseResult, exchange: TrafficExchange) {
        if let directory = configuration.recordDirectory, let response = exchange.response,
            result.endpointID != TrafficChecker.unmatchedEndpointID, !exchange.responseBodyUnchecked
        {
            let secrets = configuration.redaction.secrets(in: exchange.request.headers)
            SampleRecorder(directory: directory, redaction: configuration.redaction).record(
                response, of: result, secrets: secrets)
        }
        if let writer = har.current {
            var notes: [String] = []
            if exchange.requestBodyUnchecked {
                notes.append("request body past --max-body: first bytes only")
            }
            if exchange.responseBodyUnchecked {
                notes.append("response body past --max-body: first bytes only")
            }
            writer.append(
                result, startedAt: exchange.startedAt,
                comment: notes.isEmpty ? nil : notes.joined(separator: "; "))
        }
        progress.current?(result)
    }
}
