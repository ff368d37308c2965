import ConformHTTP
import ContractKit
import JSONSchema

/// Judges the answer to one fuzzed request: the check its intent names (valid data accepted,
/// invalid data rejected, an undeclared method refused), then every response check of `conform run`
/// against what the operation declares, for valid and invalid requests alike. One cause gives one
/// finding: a crash the intent's check reports is not reported again as a server error, and an
/// undeclared status is reported once per endpoint.
struct FuzzJudge {
    let contract: Contract
    let endpoint: Endpoint
    let checker: ResponseChecker
    /// Method probes may also get 404 when no valid request reached an existing item: then the
    /// path value, not the method, may be what the server refuses.
    var allowsNotFoundForMethods = false

    /// Statuses that mean "your data is invalid", which a valid request must never get.
    static let rejectionStatuses: Set<Int> = [400, 422]
    /// Statuses that say a path names nothing.
    static let nothingThereStatuses: Set<Int> = [404, 410]
    /// Statuses that refuse a request for who sent it: to an undeclared method they refuse it as
    /// surely as 405 does (Jupyter's XSRF check answers 403 to any `POST` without its token).
    static let refusalStatuses: Set<Int> = [401, 403]

    /// The findings of `answer` to `request`, each with its status.
    func findings(
        for request: FuzzRequest, record: HTTPRequest, answer: Result<HTTPResponse, TransportError>
    ) -> [Finding] {
        let response: HTTPResponse
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
        if contract.auth?.expectsRejection(endpoint.id, status: status) == true { return [] }
        let settings = contract.checks.refined(by: endpoint.checks)
        guard settings.isEnabled(request.intent.check) else { return [] }
        var findings: [Finding] = []
        let intentFinding = intentCheck(request, response: response, settings: settings)
        if let intentFinding { findings.append(intentFinding) }
        if request.intent == .unsupportedMethod { return findings.map { stamped($0, status) } }
        if intentFinding == nil,
            let undeclared = undeclaredStatus(request, response: response, settings: settings)
        {
            findings.append(undeclared)
        }
        var checked = checker.check(response, to: record, endpoint: endpoint).findings
        if intentFinding != nil && status >= 500 { checked.removeAll { $0.check == .notAServerError } }
        findings += checked
        return findings.map { stamped($0, status) }
    }

    private func stamped(_ finding: Finding, _ status: Int) -> Finding {
        var finding = finding
        finding.status = finding.status ?? status
        return finding
    }

    /// The finding of the check the request's intent names, or nil when the answer passes it.
    private func intentCheck(_ request: FuzzRequest, response: HTTPResponse, settings: CheckSettings)
        -> Finding?
    {
        let status = response.status
        let accepted = settings.acceptedStatuses[request.intent.check]
        let expected = accepted.map { "one of \($0.sorted().map(String.init).joined(separator: ", "))" }
        switch request.intent {
        case .positive:
            // An answer that says nothing against the data (accepted, or refused for the
            // server's state) is judged by whether it is declared: status_code_conformance.
            if accepted == nil && Self.saysNothingAgainstData(request, status: status) { return nil }
            let ok =
                accepted?.contains(status)
                ?? ((status < 500 || endpoint.declaresExactly(status))
                    && endpoint.response(for: status) != nil
                    && !Self.rejectionStatuses.contains(status))
            guard !ok else { return nil }
            return Finding(
                check: .positiveDataAcceptance,
                message: "\(endpoint.displayName) answered \(status) to a valid request",
                expected: expected
                    ?? "a declared status other than 400 and 422 (a 5xx only where the operation names it)",
                actual: "\(status) for \(describe(request))")
        case .negative(let how), .missingHeader(let how):
            // A 5xx the operation names (`501: Not implemented`) neither accepts the data nor crashes.
            let ok =
                accepted?.contains(status)
                ?? ((400..<500).contains(status) || (status >= 500 && endpoint.declaresExactly(status)))
            guard !ok else { return nil }
            let kind = status >= 500 ? "crashed (\(status))" : "accepted it with \(status)"
            return Finding(
                check: request.intent.check,
                message: "\(endpoint.displayName) \(kind) on an invalid request: \(how)",
                expected: expected ?? "a 4xx status", actual: "\(status) for \(describe(request))")
        case .unsupportedMethod:
            return methodFinding(request, response: response, accepted: accepted)
        case .tolerated, .probe:
            // Judged by the declared responses only; a 5xx is caught by not_a_server_error.
            return nil
        }
    }

    /// Whether `status`, answered to a valid request, says nothing against its data: a success or
    /// a redirect accepted it (Prefect's `201` where the operation declares `200`); `409 Conflict`
    /// refuses it for the server's state (a name already taken, RFC 9110 §15.5.10); and `404` or
    /// `410` where the request names an item, in its path or as a reference in its body
    /// (`"block_type_id"`), says that item does not exist. That holds for an item the run knew
    /// too: another group's delete may have taken it with its parent (Prefect deletes a flow
    /// run's task runs with it), and whether a created item stays readable is what the stories'
    /// `ensure_resource_availability` judges, in a sequence of its own. Each is judged by whether
    /// the operation declares it, never as valid data refused.
    static func saysNothingAgainstData(_ request: FuzzRequest, status: Int) -> Bool {
        if (200..<400).contains(status) || status == 409 { return true }
        guard nothingThereStatuses.contains(status) else { return false }
        return request.namesMadeUpItem || !request.endpoint.path.parameterNames.isEmpty
            || request.jsonBody.map(Self.carriesReference) == true
    }

    /// Whether a body names another item: a member called `id`, `…_id`, `…Id` or their plurals
    /// holding a value.
    static func carriesReference(_ value: JSONValue) -> Bool {
        carriesReference(value, depth: 0)
    }

    private static func carriesReference(_ value: JSONValue, depth: Int) -> Bool {
        guard depth < 16 else { return false }
        switch value {
        case .object(let object):
            return object.members.contains { member in
                (isReferenceName(member.key) && member.value != .null)
                    || carriesReference(member.value, depth: depth + 1)
            }
        case .array(let elements):
            return elements.contains { carriesReference($0, depth: depth + 1) }
        default:
            return false
        }
    }

    /// The item's own `id`, or a name the stories read as a reference (`owner_id`), or its plural.
    private static func isReferenceName(_ name: String) -> Bool {
        if ["id", "ids"].contains(name.lowercased()) { return true }
        let singular = name.hasSuffix("s") ? String(name.dropLast()) : name
        return ResourceStory.looksLikeReference(name) || ResourceStory.looksLikeReference(singular)
    }

    /// An undeclared method must get 405 with an `Allow` header (RFC 9110 §15.5.6).
    private func methodFinding(_ request: FuzzRequest, response: HTTPResponse, accepted: [Int]?) -> Finding? {
        let status = response.status
        let route = "\(request.method) \(endpoint.path.template)"
        if let accepted {
            guard !accepted.contains(status) else { return nil }
            return Finding(
                check: .unsupportedMethod,
                message: "\(route) is not declared, but the server answered \(status)",
                expected: "one of \(accepted.sorted().map(String.init).joined(separator: ", "))",
                actual: String(status))
        }
        if status == 405 {
            guard let allow = response.header("Allow") else {
                return Finding(
                    check: .unsupportedMethod, message: "\(route) answered 405 without an Allow header",
                    expected: "an Allow header listing the methods of the resource (RFC 9110 §15.5.6)",
                    actual: "no Allow header")
            }
            let listed = Set(
                allow.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).uppercased() })
            let missing = declaredMethods.filter { !listed.contains($0) }
            guard !missing.isEmpty else { return nil }
            return Finding(
                check: .unsupportedMethod,
                message:
                    "\(route) answered 405 with Allow: \(allow), which leaves out \(missing.joined(separator: ", ")) the description declares",
                expected: "Allow listing \(declaredMethods.joined(separator: ", ")) (RFC 9110 §10.2.1)",
                actual: "Allow: \(allow)")
        }
        if status == 404 && allowsNotFoundForMethods { return nil }
        // A refusal by authorization (an XSRF check, a read-only role) still refuses the method.
        if Self.refusalStatuses.contains(status) { return nil }
        return Finding(
            check: .unsupportedMethod, message: "\(route) is not declared, but the server answered \(status)",
            expected: "405 Method Not Allowed", actual: String(status))
    }

    /// The methods the description declares for this path template, other than HEAD and OPTIONS
    /// (which servers often answer without listing), in a stable order.
    var declaredMethods: [String] {
        let methods = Set(
            contract.endpoints.filter { $0.path.template == endpoint.path.template }.map {
                $0.method.uppercased()
            })
        return methods.subtracting(["HEAD", "OPTIONS"]).sorted()
    }

    /// A status the operation does not declare, on a request whose intent passed: every answer is
    /// checked against the description. HTTP's own answers to what the request does wrong (413,
    /// 415) and a tolerated probe's rejection are not the description's to declare. An operation
    /// that declares no client error at all (no 4xx, `4XX` or `default`) and rejects invalid input
    /// with 400 leaves that answer undocumented: a finding, as the peer reports it, beside the
    /// `conform lint` warning about the description.
    private func undeclaredStatus(_ request: FuzzRequest, response: HTTPResponse, settings: CheckSettings)
        -> Finding?
    {
        let status = response.status
        guard settings.isEnabled(.statusCodeConformance), status < 500, endpoint.response(for: status) == nil,
            !request.httpStatuses.contains(status),
            settings.acceptedStatuses[.statusCodeConformance]?.contains(status) != true
        else { return nil }
        switch request.intent {
        case .positive where Self.saysNothingAgainstData(request, status: status): break
        case .positive, .tolerated, .unsupportedMethod: return nil
        case .negative, .missingHeader, .probe: break
        }
        let declared = endpoint.responses.map(\.status.description).joined(separator: ", ")
        return Finding(
            check: .statusCodeConformance,
            message: "status \(status) is not declared for \(endpoint.displayName)",
            expected: declared, actual: "\(status) for \(describe(request))")
    }

    func describe(_ request: FuzzRequest) -> String {
        switch request.intent {
        case .negative(let how), .tolerated(let how, _), .probe(let how):
            if case .none = request.draft.body { return how }
        default:
            break
        }
        switch request.draft.body {
        case .json(let value): return "body \(BodyPreview.json(value, limit: 120))"
        case .raw(let bytes, _): return "a \(bytes.count)-byte body"
        case .none: return "\(request.method) with no body"
        }
    }
}
