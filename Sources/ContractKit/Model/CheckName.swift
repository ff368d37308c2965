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

    public static func < (lhs: CheckName, rhs: CheckName) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}
