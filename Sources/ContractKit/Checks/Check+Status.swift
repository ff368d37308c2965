import ConformHTTP

extension Check {
    /// No 5xx, unless the operation declares that very status (`501: Session not available`):
    /// a declared status is judged by its declaration. A `5XX` range or `default` declares no
    /// meaning of its own, so a status they cover is still a server error.
    public static let notAServerError = Check(name: .notAServerError) { context in
        let status = context.response.status
        guard status >= 500, !context.endpoint.declaresExactly(status) else { return [] }
        return [
            Finding(
                check: .notAServerError,
                message: "the server answered \(status) \(HTTPStatus.reason(status))",
                expected: "a status below 500", actual: String(status))
        ]
    }

    /// The status is declared (or covered by a range or `default`), and equals the example's.
    public static let statusCodeConformance = Check(name: .statusCodeConformance) { context in
        let status = context.response.status
        let accepted = context.settings.acceptedStatuses[.statusCodeConformance] ?? []
        guard !accepted.contains(status) else { return [] }
        let declared = context.endpoint.responses.map(\.status.description)
        let expected = context.example?.expectedStatus.flatMap { $0 == status ? nil : $0 }
        // One response, one finding: an undeclared status that also differs from the example's
        // says both in one sentence.
        if context.responseSpec == nil {
            let also = expected.map { " (the example expects \($0))" } ?? ""
            return [
                Finding(
                    check: .statusCodeConformance,
                    message: "status \(status) is not declared for \(context.endpoint.displayName)\(also)",
                    expected: expected.map(String.init) ?? declared.joined(separator: ", "),
                    actual: String(status))
            ]
        }
        if let expected {
            return [
                Finding(
                    check: .statusCodeConformance, message: "expected status \(expected), got \(status)",
                    expected: String(expected), actual: String(status))
            ]
        }
        return []
    }

    /// Within the endpoint's (or the contract's) latency budget.
    public static let maxResponseTime = Check(name: .maxResponseTime) { context in
        guard let budget = context.endpoint.latencyBudget ?? context.contract.latencyBudget else { return [] }
        let took = context.response.duration
        guard took > budget else { return [] }
        return [
            Finding(
                check: .maxResponseTime,
                message:
                    "the response took \(Int(took.milliseconds)) ms, over the \(Int(budget.milliseconds)) ms budget",
                expected: "≤ \(Int(budget.milliseconds)) ms", actual: "\(Int(took.milliseconds)) ms")
        ]
    }
}

/// Reason phrases for messages.
public enum HTTPStatus {
    public static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 201: return "Created"
        case 204: return "No Content"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 304: return "Not Modified"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 409: return "Conflict"
        case 413: return "Content Too Large"
        case 415: return "Unsupported Media Type"
        case 418: return "I'm a teapot"
        case 422: return "Unprocessable Content"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        default: return ""
        }
    }
}
