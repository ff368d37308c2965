public import JSONSchema

/// One operation of the API: a method and a path template, with what it accepts and answers.
public struct Endpoint: Sendable {
    /// A stable name (`listMenu`) used by `--only`, reports and findings.
    public var id: String
    /// Upper-case HTTP method.
    public var method: String
    public var path: PathTemplate
    public var summary: String?
    public var tags: [String]
    public var parameters: [Parameter]
    public var request: RequestSpec?
    /// Declared responses, in document order.
    public var responses: [ResponseSpec]
    public var latencyBudget: Duration?
    public var checks: CheckSettings
    public var examples: [Example]
    /// Where the endpoint stands in the contract document.
    public var pointer: JSONPointer

    public init(
        id: String, method: String, path: PathTemplate, summary: String? = nil, tags: [String] = [],
        parameters: [Parameter] = [], request: RequestSpec? = nil, responses: [ResponseSpec] = [],
        latencyBudget: Duration? = nil, checks: CheckSettings = CheckSettings(), examples: [Example] = [],
        pointer: JSONPointer = .root
    ) {
        self.id = id
        self.method = method
        self.path = path
        self.summary = summary
        self.tags = tags
        self.parameters = parameters
        self.request = request
        self.responses = responses
        self.latencyBudget = latencyBudget
        self.checks = checks
        self.examples = examples
        self.pointer = pointer
    }

    /// The parameters found in `location`.
    public func parameters(in location: Parameter.Location) -> [Parameter] {
        parameters.filter { $0.location == location }
    }

    /// The response declared for `status`: an exact code first, then a range (`2XX`), then `default`.
    public func response(for status: Int) -> ResponseSpec? {
        responses.first { $0.status == .code(status) }
            ?? responses.first { $0.status == .range(status / 100) }
            ?? responses.first { $0.status == .default }
    }

    /// Whether the operation declares any client error (a 4xx, `4XX` or `default`). Without one the
    /// description does not say how an invalid request is refused, so every refusal is an
    /// undocumented status (`conform lint` warns; fuzzing reports it, as the peer does).
    public var declaresClientError: Bool {
        responses.contains { spec in
            switch spec.status {
            case .code(let code): return (400..<500).contains(code)
            case .range(let first): return first == 4
            case .default: return true
            }
        }
    }

    /// Whether the operation names `status` itself (not through a range or `default`): a 5xx
    /// declared that way (`501: Session not available`) is an answer the description promises,
    /// judged by its declaration like any other, not a server error.
    public func declaresExactly(_ status: Int) -> Bool {
        responses.contains { $0.status == .code(status) }
    }

    /// Whether the only success the operation declares is `101 Switching Protocols` (Docker's
    /// `POST /session` hijacks the connection for HTTP/2): its answer is no HTTP response to judge
    /// but the start of another protocol, so `run` and `fuzz` skip it with
    /// ``protocolSwitchReason`` rather than report what they cannot follow.
    public var onlySwitchesProtocols: Bool {
        let successes = responses.filter { spec in
            switch spec.status {
            case .code(let code): return code == 101 || (200..<300).contains(code)
            case .range(let first): return first == 2
            case .default: return false
            }
        }
        return !successes.isEmpty && successes.allSatisfy { $0.status == .code(101) }
    }

    /// Why an operation whose only success is a protocol switch is not sent.
    public static let protocolSwitchReason =
        "its only success is 101 Switching Protocols: the connection becomes another protocol, which Conform does not speak"

    /// Whether the operation deletes many items at once by its name rather than by its method: a
    /// `POST` (or `PUT`, `PATCH`) whose path ends in a word such as `bulk_delete`, `delete_all`,
    /// `purge` or `clear` (Prefect's `POST /flow_runs/bulk_delete`, which with an empty filter
    /// deletes every flow run). It creates nothing, and running it empties what other requests
    /// rely on.
    public var isBulkDelete: Bool {
        guard ["POST", "PUT", "PATCH"].contains(method.uppercased()),
            let last = path.segments.last?.literalText
        else { return false }
        let words = last.lowercased().split { $0 == "_" || $0 == "-" || $0 == "." }
        let deletes = words.contains { ["delete", "purge", "clear", "truncate", "wipe"].contains($0) }
        return deletes && (words.count == 1 || words.contains("bulk") || words.contains("all"))
    }

    /// Every media type the operation declares for any of its answers, each once, in order.
    public var declaredContentTypes: [String] {
        var types: [String] = []
        for type in responses.flatMap(\.contentTypes)
        where !types.contains(where: { MediaType.essence($0) == MediaType.essence(type) }) {
            types.append(type)
        }
        return types
    }

    /// `GET /menu`, for messages.
    public var displayName: String { "\(method) \(path.template)" }
}
