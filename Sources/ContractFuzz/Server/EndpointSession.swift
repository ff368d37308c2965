import ConformHTTP
import ContractKit
import JSONSchema
import SchemaGeneration

/// Fuzzes one endpoint: sends its valid requests, then its invalid ones and the undeclared
/// methods (on a path that reached an item, when one did), judges each answer (``FuzzJudge``),
/// shrinks the first failure of each kind, and reports one case per check.
///
/// The same request is never sent twice, and never judged both valid and invalid: a request whose
/// bytes a valid one already sent is not sent again as invalid.
struct EndpointSession {
    let fuzzer: ServerFuzzer
    let endpoint: Endpoint
    let variables: [String: JSONValue]
    let deadline: ContinuousClock.Instant?

    /// The response checks that apply to fuzzed requests: the status is judged by the fuzzing
    /// checks, and upload times are not the server's latency; `assertions` checks the contract's
    /// `filters` on the valid requests that send them.
    static let responseChecks: [Check] = [
        .notAServerError, .contentTypeConformance, .responseHeadersConformance, .responseSchemaConformance,
        .duplicateKeys, .assertions,
    ]

    struct Failure {
        var request: FuzzRequest
        var record: HTTPRequest
        var response: HTTPResponse?
        var findings: [Finding]
        var key: String
        /// No answer came within the timeout: shrinking would wait the whole timeout per attempt.
        var timedOut = false
    }

    /// What the session has sent and found so far.
    struct Progress {
        var sent: [CheckName: Int] = [:]
        var spent: [CheckName: Duration] = [:]
        var failures: [CheckName: [Failure]] = [:]
        /// Notes by the check whose case says them ("the server accepts NaN with 200").
        var notes: [CheckName: [String]] = [:]
        var stoppedEarly = false
        /// The status of the last request sent, nil when it got no answer or was not sent.
        var lastStatus: Int?
        /// Refusals at a made-up item tried again with a plain text
        /// (``FuzzCaseGenerator/withPlainMadeUpItem(_:random:)``).
        var plainItemTries = 0
        var answered = false
        var unreachable: TransportError?
        /// Requests already sent, by their bytes, with whether they were sent as valid.
        var fingerprints: [String: Bool] = [:]
        /// Statuses already reported as undeclared.
        var undeclared: Set<Int> = []
        /// The first valid request answered with a 2xx: its path reached an existing item.
        var reachedItem: FuzzRequest?
        /// The valid requests answered with a 5xx, by `FuzzCaseGenerator.key(of:)`: the body the
        /// invalid ones break is the fullest of the others, so a fault of the valid body itself
        /// (Prefect's 500 on a far `time_interval`) is not reported again as each violation's.
        var faulted: Set<String> = []
        /// The valid requests answered with a 2xx, by the same key: the fullest of them is the
        /// body the invalid requests beyond the budget break.
        var accepted: Set<String> = []
        /// Checks judged besides the intents' (references an answer points to).
        var extraChecks: Set<CheckName> = []
        /// Answers of the current phase (valid, then invalid requests) that did not come within
        /// the timeout.
        var timeouts = 0
        /// The phases that stopped early on timeouts, each said in a sentence.
        var stops: [String] = []
        /// Requests, by check, whose answer stayed busy after the retries (``BusyBackoff``), not
        /// judged; with the last of them, reported when every request of its check was.
        var busy: [CheckName: (count: Int, last: Failure)] = [:]
    }

    /// Answers that may time out before a session stops the phase it is in (its valid requests,
    /// then its invalid ones): one that hangs is reported, and every further request would cost
    /// the whole timeout again (httpbin's `/delay/{n}` took 52–111 s a method before this).
    static let timeoutsBeforeStopping = 2

    func run(live: inout LiveValues) async -> ([CaseResult], [CheckName: Int]) {
        if endpoint.onlySwitchesProtocols { return ([protocolSwitchResult()], [:]) }
        let config = fuzzer.configuration
        var random = SeededRandom(seed: config.seed, deriving: endpoint.id)
        let generator = FuzzCaseGenerator(
            contract: fuzzer.contract, endpoint: endpoint, variables: variables, schemas: fuzzer.schemas,
            generator: fuzzer.generator, live: live, model: fuzzer.model, validity: fuzzer.validity)
        let checker = ResponseChecker(
            contract: fuzzer.contract, schemas: fuzzer.schemas, checks: Self.responseChecks)
        var judge = FuzzJudge(contract: fuzzer.contract, endpoint: endpoint, checker: checker)
        var progress = Progress()
        let positives = generator.positive(count: config.casesPerEndpoint, random: &random)
        var planned = positives.map(\.intent.check)
        for request in positives {
            guard await send(request, judge: judge, into: &progress, live: &live) else { break }
        }
        endPhase("valid requests", &progress)
        if let valid = positives.first, !progress.stoppedEarly, !isUnreachable(progress) {
            // The fullest body the server took, then the fullest it did not fail on: the second
            // reaches the places the first leaves out (its optional header refused, Prefect's
            // fullest bodies went unaccepted).
            let accepted = positives.filter {
                progress.accepted.contains(FuzzCaseGenerator.key(of: $0.draft))
            }
            let unfailed = positives.filter {
                !progress.faulted.contains(FuzzCaseGenerator.key(of: $0.draft))
            }
            var fullest = [generator.fullest(of: accepted), generator.fullest(of: unfailed)].compactMap { $0 }
            if let merged = generator.merged(of: accepted) {
                planned.append(merged.intent.check)
                guard await send(merged, judge: judge, into: &progress, live: &live) else {
                    return finish(planned: planned, progress: &progress)
                }
                if let status = progress.lastStatus, (200..<300).contains(status) {
                    fullest.insert(merged, at: 0)
                }
            }
            let negatives = generator.negative(from: valid, fullest: fullest, limit: config.casesPerEndpoint)
            let base = progress.reachedItem ?? valid
            judge.allowsNotFoundForMethods =
                progress.reachedItem == nil && !endpoint.path.parameterNames.isEmpty
            // The undeclared methods of a path are probed once, by its first endpoint: every other
            // endpoint of the path would send the same requests.
            let methods =
                live.probedPaths.insert(endpoint.path.shape).inserted
                ? generator.unsupportedMethods(from: base) : []
            planned += (negatives + methods).map(\.intent.check)
            for request in negatives + methods {
                guard await send(request, judge: judge, into: &progress, live: &live) else { break }
            }
            endPhase("invalid requests", &progress)
        }
        return finish(planned: planned, progress: &progress)
    }

    /// Counts a request whose answer stayed busy after the retries: not judged.
    private func noteBusy(
        _ request: FuzzRequest, record: HTTPRequest, response: HTTPResponse, into progress: inout Progress
    ) {
        let check = request.intent.check
        let finding = Finding(
            check: .notAServerError,
            message:
                "every \(check.rawValue) request stayed \(response.status) \(HTTPResponse.standardReason(for: response.status)), also after \(BusyBackoff.maximumRetries) retries: the operation could not be judged",
            expected: "an answer once the server is not busy", actual: String(response.status),
            status: response.status)
        let last = Failure(
            request: request, record: record, response: response, findings: [finding], key: "busy")
        progress.busy[check] = ((progress.busy[check]?.count ?? 0) + 1, last)
    }

    /// Says how many requests of each check stayed busy; when all of a check's did, nothing of
    /// that kind was judged, and that is a finding.
    func reportBusy(_ progress: inout Progress) {
        for (check, busy) in progress.busy.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let sent = progress.sent[check] ?? 0
            if busy.count >= sent {
                progress.failures[check, default: []].append(busy.last)
            } else {
                let status = busy.last.response?.status ?? 503
                progress.notes[check, default: []].append(
                    "stayed busy (\(status), also after \(BusyBackoff.maximumRetries) retries) on \(busy.count) of \(sent) requests, which were not judged"
                )
            }
        }
    }

    /// One case per check the session planned or judged, each saying where a phase stopped early.
    func results(planned: [CheckName], progress: Progress) -> [CaseResult] {
        Set(planned).union(progress.extraChecks).sorted().map { check in
            var result = caseResult(
                for: check, failures: progress.failures[check] ?? [], count: progress.sent[check] ?? 0,
                stoppedEarly: progress.stoppedEarly,
                notes: progress.notes[check] ?? [])
            result.duration = progress.spent[check] ?? .zero
            if !progress.stops.isEmpty {
                let stops = progress.stops.joined(separator: "; ")
                result.reason =
                    result.outcome == .skipped ? stops : (result.reason.map { $0 + "; " } ?? "") + stops
            }
            return result
        }
    }

    /// Closes a phase: says so when its timeouts stopped it, and gives the next phase its own.
    private func endPhase(_ phase: String, _ progress: inout Progress) {
        if progress.timeouts >= Self.timeoutsBeforeStopping {
            progress.stops.append(
                "\(phase) stopped after \(progress.timeouts) answers took longer than the "
                    + "\(TransportError.format(fuzzer.configuration.timeout.seconds)) s timeout")
        }
        progress.timeouts = 0
    }

    private func isUnreachable(_ progress: Progress) -> Bool {
        !progress.answered && progress.unreachable != nil
    }

    /// Sends one request unless it was sent before, judges and records the answer; false when the
    /// session must stop (deadline, cancellation, nothing listening).
    private func send(
        _ request: FuzzRequest, judge: FuzzJudge, into progress: inout Progress, live: inout LiveValues
    ) async -> Bool {
        if isPastDeadline || Task.isCancelled {
            progress.stoppedEarly = true
            return false
        }
        let request = await withItemOfItsOwn(request, live: &live)
        let record = request.record(
            baseURL: fuzzer.configuration.baseURL, extraHeaders: fuzzer.configuration.headers,
            auth: fuzzer.contract.auth)
        let fingerprint = Self.fingerprint(record)
        let isValid = request.intent == .positive
        progress.lastStatus = nil
        if progress.fingerprints[fingerprint] != nil { return true }
        progress.fingerprints[fingerprint] = isValid
        let answer = await exchange(record, check: request.intent.check, progress: &progress)
        progress.lastStatus = try? answer.get().status
        if isUnreachable(progress) { return false }
        if case .success(let response) = answer, BusyBackoff.stayedBusy(response, for: endpoint) {
            noteBusy(request, record: record, response: response, into: &progress)
            return true
        }
        if isValid, case .success(let response) = answer, response.status >= 500 {
            progress.faulted.insert(FuzzCaseGenerator.key(of: request.draft))
        }
        if isValid, case .success(let response) = answer, (200..<300).contains(response.status) {
            if progress.reachedItem == nil { progress.reachedItem = request }
            progress.accepted.insert(FuzzCaseGenerator.key(of: request.draft))
            await learn(from: response, to: request, live: &live, progress: &progress)
        }
        var findings = findingsOnce(
            judge: judge, request: request, record: record, answer: answer, progress: &progress)
        guard !findings.isEmpty else { return progress.timeouts < Self.timeoutsBeforeStopping }
        if let elsewhere = await acceptedAtAnotherItem(
            request, findings: findings, judge: judge, live: live, progress: &progress)
        {
            let status = (try? answer.get().status).map(String.init) ?? "-"
            let note =
                "refuses \(record.method) \(record.url) with \(status) and accepts the same request at "
                + "\(elsewhere.url): the item's state decides, not the data"
            // Said once per endpoint: every other refusal at that item would say it again.
            if !(progress.notes[.positiveDataAcceptance] ?? []).contains(where: {
                $0.hasSuffix("not the data")
            }) {
                progress.notes[.positiveDataAcceptance, default: []].append(note)
            }
            // The refusal is no finding; what its answer breaks (a body off its schema) still is.
            findings.removeAll { $0.check == .positiveDataAcceptance }
            if findings.isEmpty { return progress.timeouts < Self.timeoutsBeforeStopping }
        }
        var failure = Failure(
            request: request, record: record, response: try? answer.get(), findings: findings,
            key: Self.key(request, answer: answer, findings: findings))
        if case .failure(.timedOut) = answer { failure.timedOut = true }
        await keep(failure, judge: judge, progress: &progress)
        return progress.timeouts < Self.timeoutsBeforeStopping
    }

    /// `request` with an item of its own when it is a valid delete, so reads and updates still find
    /// theirs. When no item can be made for it (the create answers without naming one, as httpbin's
    /// `POST /anything` does), the delete is sent with the path values it was drafted with: it is
    /// still a valid request, and an operation is never left untested.
    private func withItemOfItsOwn(_ request: FuzzRequest, live: inout LiveValues) async -> FuzzRequest {
        guard request.intent == .positive, let (resource, role) = fuzzer.model.resource(of: endpoint.id),
            role == .delete
        else { return request }
        guard let fresh = await freshItem(of: resource, live: &live) else { return request }
        var request = request
        for (name, value) in fresh where request.draft.path[name] != nil {
            request.draft.path[name] = value
        }
        request.namesMadeUpItem = false
        return request
    }

    /// Sends `record` and counts it, with its time, under `check`.
    private func exchange(_ record: HTTPRequest, check: CheckName, progress: inout Progress) async
        -> Result<HTTPResponse, TransportError>
    {
        let clock = ContinuousClock()
        let started = clock.now
        let answer = await fuzzer.perform(record, deadline: deadline).result
        progress.spent[check, default: .zero] += clock.now - started
        progress.sent[check, default: 0] += 1
        switch answer {
        case .success: progress.answered = true
        case .failure(let error) where error.isUnreachable: progress.unreachable = error
        case .failure(.timedOut):
            progress.timeouts += 1
        case .failure: break
        }
        return answer
    }

    /// The judge's findings on one answer, an undeclared status reported once per endpoint: by the
    /// valid request's positive_data_acceptance when one got it, else by status_code_conformance.
    /// Tolerated probes that were accepted become notes.
    private func findingsOnce(
        judge: FuzzJudge, request: FuzzRequest, record: HTTPRequest,
        answer: Result<HTTPResponse, TransportError>, progress: inout Progress
    ) -> [Finding] {
        var findings = judge.findings(for: request, record: record, answer: answer)
        let status = try? answer.get().status
        if let status, findings.contains(where: { $0.check == .positiveDataAcceptance }),
            endpoint.response(for: status) == nil
        {
            progress.undeclared.insert(status)
        }
        findings.removeAll { finding in
            guard finding.check == .statusCodeConformance, let status = finding.status else { return false }
            return !progress.undeclared.insert(status).inserted
        }
        guard let status else { return findings }
        if case .tolerated(let what, let rule) = request.intent, (200..<300).contains(status),
            findings.isEmpty
        {
            progress.notes[.negativeDataRejection, default: []].append(
                "accepts \(what) with \(status)" + (rule.map { ", which \($0) allows" } ?? ""))
        }
        return findings
    }

    /// Keeps a failure, shrunk, unless one with the same cause or the same minimal request was kept.
    private func keep(_ failure: Failure, judge: FuzzJudge, progress: inout Progress) async {
        let check = failure.request.intent.check
        if progress.failures[check]?.contains(where: { $0.key == failure.key }) == true { return }
        let shrunk = await shrink(failure, judge: judge, sent: &progress.sent)
        if progress.failures[check]?.contains(where: { $0.record == shrunk.record }) == true { return }
        progress.failures[check, default: []].append(shrunk)
    }

    /// What makes a request what it is: method, URL, headers (the content type, what it accepts,
    /// a conditional `If-None-Match`) and body.
    static func fingerprint(_ record: HTTPRequest) -> String {
        let headers = record.headers.map { "\($0.name.lowercased()):\($0.value)" }.joined(separator: "\n")
        return "\(record.method) \(record.url) \(headers) \(record.body.hashValue) \(record.body.count)"
    }

    var isPastDeadline: Bool {
        guard let deadline else { return false }
        return ContinuousClock().now >= deadline
    }

    /// Failures of the same cause are reported once: the same check failing with the same status,
    /// and, where the intent's own check failed, the same kind of invalid input.
    static func key(
        _ request: FuzzRequest, answer: Result<HTTPResponse, TransportError>, findings: [Finding]
    ) -> String {
        let status = (try? answer.get().status).map(String.init) ?? "no response"
        let checks = Set(findings.map(\.check.rawValue)).sorted().joined(separator: ",")
        var kind = ""
        if case .negative(let how) = request.intent,
            findings.contains(where: { $0.check == request.intent.check })
        {
            let label = how.hasSuffix(")") ? how.lastIndex(of: "(").map { String(how[$0...]) } : nil
            kind = ":" + (label ?? how.split(separator: " ").first.map(String.init) ?? how)
        }
        return "\(request.intent.check.rawValue)\(kind)|\(status)|\(checks)"
    }

    // MARK: - Shrinking

    private func shrink(_ failure: Failure, judge: FuzzJudge, sent: inout [CheckName: Int]) async -> Failure {
        guard !failure.timedOut, case .json(let body) = failure.request.draft.body,
            let pointer = endpoint.request?.schemaPointer
        else { return failure }
        let mustBeValid = failure.request.intent == .positive
        var best = failure
        var extraRequests = 0
        let shrinker = JSONShrinker(maximumAttempts: 40)
        _ = await shrinker.shrink(body) { candidate in
            if isPastDeadline { return false }
            // A valid body stays valid as the description's words read it; an invalid one stays
            // invalid by the schema alone.
            let schemas = mustBeValid ? fuzzer.validity.schemas : fuzzer.schemas
            guard schemas.validate(candidate, at: pointer).isValid == mustBeValid else { return false }
            var request = failure.request
            request.draft.body = .json(candidate)
            let record = request.record(
                baseURL: fuzzer.configuration.baseURL, extraHeaders: fuzzer.configuration.headers,
                auth: fuzzer.contract.auth)
            let answer = await fuzzer.perform(record, deadline: deadline).result
            extraRequests += 1
            let findings = judge.findings(for: request, record: record, answer: answer)
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
}
