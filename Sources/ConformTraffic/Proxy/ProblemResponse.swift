import ConformHTTP
import ContractKit
import JSONSchema

/// The answer `--errors` gives instead of the upstream's when an exchange breaks the contract, and
/// the proxy's own answer when the upstream gave none: an RFC 9457 problem document naming every
/// finding and its side, so a test that must fail loudly fails with the reason in its log.
enum ProblemResponse {
    /// The problem type of an exchange that breaks the contract.
    static let violationType = "https://conform.invalid/problems/contract-violation"
    /// The problem type of an exchange the upstream did not answer.
    static let upstreamType = "https://conform.invalid/problems/upstream-unavailable"

    /// 400 when the client broke the contract (its request), else 502 (the upstream's answer).
    static func violation(_ result: CaseResult, upstreamStatus: Int?) -> HTTPResponse {
        let byClient = result.findings.contains { $0.check.side == .request }
        let status = byClient ? 400 : 502
        let title =
            byClient ? "The request breaks the contract" : "The upstream's response breaks the contract"
        var members: [(String, JSONValue)] = [
            ("type", .string(violationType)), ("title", .string(title)),
            ("status", .number(JSONNumber(status))),
            ("detail", .string(detail(result))),
        ]
        if let upstreamStatus { members.append(("upstreamStatus", .number(JSONNumber(upstreamStatus)))) }
        members.append(("findings", .array(result.findings.map(encode))))
        return document(status: status, members)
    }

    /// 504 when the upstream ran out of time, else 502.
    static func unavailable(_ result: CaseResult, timedOut: Bool) -> HTTPResponse {
        let status = timedOut ? 504 : 502
        return document(
            status: status,
            [
                ("type", .string(upstreamType)), ("title", .string("The upstream gave no complete response")),
                ("status", .number(JSONNumber(status))), ("detail", .string(result.reason ?? "no response")),
                ("findings", .array(result.findings.map(encode))),
            ])
    }

    private static func detail(_ result: CaseResult) -> String {
        let count = result.findings.count
        let first = result.findings.first.map { "\($0.check.rawValue): \($0.message)" } ?? ""
        return "\(count) finding\(count == 1 ? "" : "s") on \(result.method) \(result.path): \(first)"
    }

    private static func encode(_ finding: Finding) -> JSONValue {
        var object = JSONObject([
            ("side", .string(finding.check.side.rawValue)), ("check", .string(finding.check.rawValue)),
            ("message", .string(finding.message)),
        ])
        if let pointer = finding.pointer { object["pointer"] = .string(pointer) }
        return .object(object)
    }

    private static func document(status: Int, _ members: [(String, JSONValue)]) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "application/problem+json"],
            body: JSONSerializer().bytes(.object(JSONObject(members))))
    }
}
