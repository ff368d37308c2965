/// The checks Conform runs on every response, named as Schemathesis names them so users recognise
/// them.
public enum CheckName: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
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
    /// An item created by one identity can be read, changed or deleted by another.
    case objectLevelAuthorization = "object_level_authorization"

    public static func < (lhs: CheckName, rhs: CheckName) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}
