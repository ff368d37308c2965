/// The checks Conform runs on every response, named as Schemathesis names them so users recognise
/// them.
///
/// The checks of traffic (`conform proxy`, `conform check`, the test-time URL protocol) also judge
/// the request the client sent: their names start with `request_`, and ``side`` tells a finding
/// about the client from one about the server.
public enum CheckName: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    /// The request names no operation of the contract, or breaks its operation outside the body:
    /// a parameter missing or invalid, credentials not in their declared place, an undeclared
    /// content type.
    case requestConformance = "request_conformance"
    /// The request body is missing where required, cannot be read as its type, or breaks its schema.
    case requestSchemaConformance = "request_schema_conformance"
    /// The request body was larger than `--max-body`, so it went through unchecked.
    case requestSize = "request_size"
    case notAServerError = "not_a_server_error"
    case statusCodeConformance = "status_code_conformance"
    case contentTypeConformance = "content_type_conformance"
    case responseHeadersConformance = "response_headers_conformance"
    case responseSchemaConformance = "response_schema_conformance"
    case assertions = "assertions"
    case maxResponseTime = "max_response_time"
    case positiveDataAcceptance = "positive_data_acceptance"
    case negativeDataRejection = "negative_data_rejection"
    case missingRequiredHeader = "missing_required_header"
    case unsupportedMethod = "unsupported_method"
    case responseSize = "response_size"
    case duplicateKeys = "duplicate_keys"
    /// A deleted item can still be read, changed or is still listed.
    case useAfterFree = "use_after_free"
    /// A created item cannot be read, or is not listed.
    case ensureResourceAvailability = "ensure_resource_availability"
    /// A secured operation answers 2xx without credentials, or with wrong ones.
    case ignoredAuth = "ignored_auth"
    /// A resource another answer points to (an `image_url`, an id in a listing) cannot be fetched.
    case referencedResourceAvailability = "referenced_resource_availability"
    /// A created, replaced or merged item does not read back with the values the request sent.
    case storedAsSent = "stored_as_sent"
    /// A replaced or merged item does not read back as the answer to the change said.
    case updateReadsBack = "update_reads_back"
    /// A listing returns more items than its limit parameter asked for.
    case limitRespected = "limit_respected"
    /// A listing's page does not add up: it holds more or fewer items than its declared count
    /// (`total`, `count`, `totalCount`), page size and offset leave for it.
    case listingConsistency = "listing_consistency"
    /// An item created by one identity can be read, changed or deleted by another.
    case objectLevelAuthorization = "object_level_authorization"

    public static func < (lhs: CheckName, rhs: CheckName) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }

    /// Which message a check judges, and so whose fault a finding is.
    public enum Side: String, Sendable, Hashable, CaseIterable {
        /// The request: the client broke the contract.
        case request
        /// The response (or its absence): the server broke the contract.
        case response
    }

    /// The message this check judges: ``Side/request`` for the `request_` checks of traffic, else
    /// ``Side/response``.
    public var side: Side {
        switch self {
        case .requestConformance, .requestSchemaConformance, .requestSize: return .request
        default: return .response
        }
    }
}
