/// Why a `FuzzTarget` names no schema of the contract.
public enum FuzzTargetError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownSchema(String, suggestion: String?)
    case unknownEndpoint(String, suggestion: String?)
    case noResponse(Int, endpoint: String, declared: [String])
    case noRequestBody(String)
    case noSchema(String)

    public var description: String {
        func didYouMean(_ suggestion: String?) -> String {
            suggestion.map { " (did you mean \"\($0)\"?)" } ?? ""
        }
        switch self {
        case .unknownSchema(let name, let suggestion):
            return "the contract has no schema \"\(name)\" under /schemas\(didYouMean(suggestion))"
        case .unknownEndpoint(let id, let suggestion):
            return "the contract has no endpoint \"\(id)\"\(didYouMean(suggestion))"
        case .noResponse(let status, let endpoint, let declared):
            return
                "\(endpoint) declares no response for \(status) (declared: \(declared.joined(separator: ", ")))"
        case .noRequestBody(let endpoint):
            return "\(endpoint) declares no request body"
        case .noSchema(let target):
            return "\(target) has no JSON schema in the contract"
        }
    }
}
