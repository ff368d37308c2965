import ContractKit
import JSONSchema
import SchemaGeneration

/// Fuzzes one endpoint: sends its valid and invalid requests in a fixed order, judges each answer,
/// shrinks the first failure of each kind, and reports one case per check.
struct EndpointSession {
    let fuzzer: ServerFuzzer
    let endpoint: Endpoint
    let variables: [String: JSONValue]
    let deadline: ContinuousClock.Instant?

    /// The response checks that apply to fuzzed requests: the status of an invalid request is judged
    /// by the fuzzing checks, and upload times are not the server's latency.
    static let responseChecks: [Check] = [
        .notAServerError, .contentTypeConformance, .responseHeadersConformance, .responseSchemaConformance,
        .duplicateKeys,
    ]

    /// Statuses that mean "your data is invalid", which a valid request must never get.
    static let rejectionStatuses: Set<Int> = [400, 422]

    private struct Failure {
        var request: FuzzRequest
        var record: RequestRecord
        var response: ResponseRecord?
        var findings: [Finding]
        var key: String
    }

    func run() async -> ([CaseResult], [CheckName: Int]) {
        let config = fuzzer.configuration
        var random = SeededRandom(seed: config.seed, deriving: endpoint.id)
        let generator = FuzzCaseGenerator(
            contract: fuzzer.contract, endpoint: endpoint, variables: variables, schemas: fuzzer.schemas,
            generator: fuzzer.generator)
        let positives = generator.positive(count: config.casesPerEndpoint, random: &random)
        var requests = positives
        if let valid = positives.first {
            requests += generator.negative(from: valid, limit: config.casesPerEndpoint)
            requests += generator.unsupportedMethods(from: valid)
        }
        var sent: [CheckName: Int] = [:]
        // Real time spent per check (errors included), so every case records its duration.
        var spent: [CheckName: Duration] = [:]
        let clock = ContinuousClock()
        var failures: [CheckName: [Failure]] = [:]
        var stoppedEarly = false
        var notes: [String] = []
        var answered = false
        var unreachable: TransportError?
        let checker = ResponseChecker(
            contract: fuzzer.contract, schemas: fuzzer.schemas, checks: Self.responseChecks)
        for request in requests {
            if isPastDeadline || Task.isCancelled {
                stoppedEarly = true
                break
            }
            let started = clock.now
            defer { spent[request.intent.check, default: .zero] += clock.now - started }
            let (record, answer) = await fuzzer.send(request)
            sent[request.intent.check, default: 0] += 1
            switch answer {
            case .success: answered = true
            case .failure(let error) where error.isUnreachable: unreachable = error
            case .failure: break
            }
            if !answered, let unreachable {
                // Nothing listens there: every further request would fail the same way.
                return (
                    Set(requests.map(\.intent.check)).sorted().map {
                        unreachableResult(for: $0, unreachable)
                    },
                    sent
                )
            }
            let findings = judge(request, record: record, answer: answer, checker: checker)
            if case .tolerated(let what) = request.intent, let status = try? answer.get().status,
                (200..<300).contains(status), findings.isEmpty
            {
                notes.append("accepts \(what) with \(status), which RFC 8259 §8.1 allows")
            }
            guard !findings.isEmpty else { continue }
            let key = Self.key(request, answer: answer, findings: findings)
            if failures[request.intent.check]?.contains(where: { $0.key == key }) == true { continue }
            var failure = Failure(
                request: request, record: record, response: try? answer.get(), findings: findings, key: key)
            failure = await shrink(failure, checker: checker, sent: &sent)
            let minimal = failure.record
            let seen = failures[request.intent.check]?.contains {
                $0.record.body == minimal.body && $0.record.url == minimal.url
                    && $0.record.method == minimal.method
                    && $0.record.headers == minimal.headers
            }
            if seen == true { continue }
            failures[request.intent.check, default: []].append(failure)
        }
        var results: [CaseResult] = []
        let checks = Set(requests.map(\.intent.check)).sorted()
        for check in checks {
            var result = caseResult(
                for: check, failures: failures[check] ?? [], count: sent[check] ?? 0,
                stoppedEarly: stoppedEarly, notes: check == .negativeDataRejection ? notes : [])
            result.duration = spent[check] ?? .zero
            results.append(result)
        }
        return (results, sent)
    }

    private var isPastDeadline: Bool {
        guard let deadline else { return false }
        return ContinuousClock().now >= deadline
    }

    // MARK: - Judging

    private func judge(
        _ request: FuzzRequest, record: RequestRecord, answer: Result<ResponseRecord, TransportError>,
        checker: ResponseChecker
    ) -> [Finding] {
        let response: ResponseRecord
        switch answer {
        case .failure(let error):
            return [
                Finding(
                    check: error.check,
                    message: "no complete response to \(describe(request)): \(error)",
                    expected: error.check == .responseSize
                        ? "a body within --max-body" : "a complete HTTP response",
                    actual: error.description)
            ]
        case .success(let received):
            response = received
        }
        let status = response.status
        if fuzzer.contract.auth?.expectsRejection(endpoint.id, status: status) == true { return [] }
        let settings = fuzzer.contract.checks.refined(by: endpoint.checks)
        let accepted = settings.acceptedStatuses[request.intent.check]
        var findings: [Finding] = []
        guard settings.isEnabled(request.intent.check) else { return [] }
        switch request.intent {
        case .positive:
            let ok: Bool
            if let accepted {
                ok = accepted.contains(status)
            } else {
                ok =
                    status < 500 && endpoint.response(for: status) != nil
                    && !Self.rejectionStatuses.contains(status)
            }
            if !ok {
                findings.append(
                    Finding(
                        check: .positiveDataAcceptance,
                        message:
                            "\(endpoint.method) \(endpoint.path.template) answered \(status) to a valid request",
                        expected: accepted.map { "one of \($0.map(String.init).joined(separator: ", "))" }
                            ?? "a declared status below 500, other than 400 and 422",
                        actual: "\(status) for \(describe(request))"))
            }
        case .negative(let how), .missingHeader(let how):
            let ok = accepted.map { $0.contains(status) } ?? (400..<500).contains(status)
            if !ok {
                let kind = status >= 500 ? "crashed (\(status))" : "accepted it with \(status)"
                findings.append(
                    Finding(
                        check: request.intent.check,
                        message:
                            "\(endpoint.method) \(endpoint.path.template) \(kind) on an invalid request: \(how)",
                        expected: accepted.map { "one of \($0.map(String.init).joined(separator: ", "))" }
                            ?? "a 4xx status",
                        actual: "\(status) for \(describe(request))"))
            }
        case .tolerated:
            // Any answer but a crash is correct; a 5xx is caught by not_a_server_error below.
            break
        case .unsupportedMethod:
            let ok = accepted.map { $0.contains(status) } ?? (status == 405)
            if !ok {
                findings.append(
                    Finding(
                        check: .unsupportedMethod,
                        message:
                            "\(request.method) \(endpoint.path.template) is not declared, but the server answered \(status)",
                        expected: accepted.map { "one of \($0.map(String.init).joined(separator: ", "))" }
                            ?? "405 Method Not Allowed",
                        actual: String(status)))
            }
        }
        findings += checker.check(response, to: record, endpoint: endpoint).findings
        return findings
    }

    private func describe(_ request: FuzzRequest) -> String {
        switch request.body {
        case .json(let value): return "body \(BodyPreview.json(value, limit: 120))"
        case .raw(let bytes, _): return "a \(bytes.count)-byte body"
        case .none:
            if case .negative(let how) = request.intent { return how }
            if case .tolerated(let how) = request.intent { return how }
            return "\(request.method) with no body"
        }
    }

    /// Failures of the same kind (check, status, mutation kind) are reported once.
    private static func key(
        _ request: FuzzRequest, answer: Result<ResponseRecord, TransportError>, findings: [Finding]
    ) -> String {
        let status = (try? answer.get().status).map(String.init) ?? "no response"
        var kind = "\(request.intent.check.rawValue)"
        if case .negative(let how) = request.intent {
            let label = how.hasSuffix(")") ? how.lastIndex(of: "(").map { String(how[$0...]) } : nil
            kind += ":" + (label ?? how.split(separator: " ").first.map(String.init) ?? how)
        }
        let checks = Set(findings.map(\.check.rawValue)).sorted().joined(separator: ",")
        return "\(kind)|\(status)|\(checks)"
    }

    // MARK: - Shrinking

    private func shrink(_ failure: Failure, checker: ResponseChecker, sent: inout [CheckName: Int]) async
        -> Failure
    {
        guard case .json(let body) = failure.request.body, let pointer = endpoint.request?.schemaPointer
        else { return failure }
        let mustBeValid = failure.request.intent == .positive
        var best = failure
        var extraRequests = 0
        let shrinker = JSONShrinker(maximumAttempts: 40)
        _ = await shrinker.shrink(body) { candidate in
            if isPastDeadline { return false }
            guard fuzzer.schemas.validate(candidate, at: pointer).isValid == mustBeValid else { return false }
            var request = failure.request
            request.body = .json(candidate)
            let (record, answer) = await fuzzer.send(request)
            extraRequests += 1
            let findings = judge(request, record: record, answer: answer, checker: checker)
            guard !findings.isEmpty, Self.key(request, answer: answer, findings: findings) == failure.key
            else { return false }
            best = Failure(
                request: request, record: record, response: try? answer.get(), findings: findings,
                key: failure.key)
            return true
        }
        sent[failure.request.intent.check, default: 0] += extraRequests
        return best
    }

    // MARK: - Results

    private func unreachableResult(for check: CheckName, _ error: TransportError) -> CaseResult {
        CaseResult(
            id: "\(endpoint.id)/\(check.rawValue)", endpointID: endpoint.id, name: check.rawValue,
            method: endpoint.method, path: endpoint.path.template, outcome: .error,
            findings: [
                Finding(
                    check: .notAServerError, message: error.description, expected: "a complete HTTP response",
                    actual: error.description)
            ],
            reason: "unreachable: \(error.description)", checks: [check], isUnreachable: true)
    }

    private func caseResult(
        for check: CheckName, failures: [Failure], count: Int, stoppedEarly: Bool, notes: [String]
    ) -> CaseResult {
        let redaction = fuzzer.configuration.redaction
        var result = CaseResult(
            id: "\(endpoint.id)/\(check.rawValue)", endpointID: endpoint.id, name: check.rawValue,
            method: endpoint.method,
            path: endpoint.path.template, outcome: failures.isEmpty ? .passed : .failed, checks: [check])
        result.reason =
            "\(count) request\(count == 1 ? "" : "s") sent"
            + (stoppedEarly ? "; stopped by the time budget" : "")
            + notes.map { "; note: the server \($0)" }.joined()
        if count == 0 {
            result.outcome = .skipped
            result.reason = stoppedEarly ? "the time budget ran out before this check" : "nothing to send"
        }
        for failure in failures.prefix(10) {
            let curl = redaction.scrub(
                CurlCommand.render(failure.record, redaction: redaction), secrets: redaction.secretValues)
            result.findings += failure.findings.map { finding in
                var finding = finding
                if let actual = finding.actual { finding.actual = actual + " — reproduce: " + curl }
                return finding
            }
        }
        if let first = failures.first {
            result.curl = redaction.scrub(
                CurlCommand.render(first.record, redaction: redaction), secrets: redaction.secretValues)
            result.request = RequestRecord(
                method: first.record.method,
                url: redaction.scrub(first.record.url, secrets: redaction.secretValues),
                headers: redaction.apply(first.record.headers),
                body: Array(first.record.body.prefix(65_536)))
            if let response = first.response {
                result.response = ResponseRecord(
                    status: response.status, headers: response.headers,
                    body: Array(response.body.prefix(Replayer.keptBodyBytes)), duration: response.duration,
                    redirects: response.redirects)
                result.duration = response.duration
            }
        }
        // The one place a fuzz result is redacted: reproducers, findings, headers and bodies alike.
        let secrets = failures.prefix(10).flatMap { redaction.secrets(in: $0.record.headers) }
        return redaction.redacting(result, extraSecrets: secrets)
    }
}
