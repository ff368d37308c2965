public import ConformHTTP
public import ContractKit
public import JSONSchema

/// One request the server fuzzer sends, with what it is meant to test.
public struct FuzzRequest: Sendable {
    /// The kind of request, which decides the check that judges the answer.
    public enum Intent: Sendable, Hashable {
        /// Valid by every schema: must get a declared, non-5xx status.
        case positive
        /// Invalid (the description says how): must get a 4xx.
        case negative(String)
        /// A required header left out: must get a 4xx.
        case missingHeader(String)
        /// A method the contract does not declare for the path: must get 405.
        case unsupportedMethod
        /// Input a standard lets servers accept or reject, or that servers commonly read as they
        /// like (the description says what; `allowedBy`, the rule that allows it, if one does):
        /// any non-5xx answer passes; acceptance is noted as information.
        case tolerated(String, allowedBy: String? = nil)
        /// A request the description does not say is valid or invalid (a parameter without a type,
        /// a body type Conform cannot build): its answer is judged only against the declared
        /// responses (the description says what).
        case probe(String)

        public var check: CheckName {
            switch self {
            case .positive, .probe: return .positiveDataAcceptance
            case .negative, .tolerated: return .negativeDataRejection
            case .missingHeader: return .missingRequiredHeader
            case .unsupportedMethod: return .unsupportedMethod
            }
        }
    }

    public var intent: Intent
    public var draft: RequestDraft
    /// Statuses HTTP defines for what this request does wrong (413 for an oversized body, 415 for
    /// a wrong content type): a correct server may answer with them although the operation does
    /// not declare them.
    public var httpStatuses: Set<Int>
    /// A path value Conform made up (no answer gave it, no story made the item): 404 and 410 say it
    /// names nothing, which is no rejection of valid data; only whether they are declared is judged.
    public var namesMadeUpItem = false

    public init(intent: Intent, draft: RequestDraft, httpStatuses: Set<Int> = []) {
        self.intent = intent
        self.draft = draft
        self.httpStatuses = httpStatuses
    }

    public var endpoint: Endpoint { draft.endpoint }
    public var method: String { draft.method }

    /// The request as sent to `baseURL`, with the run's extra headers and the contract's credentials.
    public func record(baseURL: String, extraHeaders: HTTPFields, auth: ContractAuth?) -> HTTPRequest {
        draft.record(baseURL: baseURL, extraHeaders: extraHeaders, auth: auth)
    }

    /// The JSON body, when there is one.
    public var jsonBody: JSONValue? {
        if case .json(let value) = draft.body { return value }
        return nil
    }
}
