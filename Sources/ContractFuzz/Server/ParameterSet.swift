import ContractKit
import JSONSchema

/// Parameter values by location, in a stable order, as typed JSON values: the request writes each
/// in its parameter's style.
struct ParameterSet {
    var path: [String: JSONValue] = [:]
    var query: [(name: String, value: JSONValue)] = []
    var headers: [(name: String, value: JSONValue)] = []

    init() {}

    init(_ draft: RequestDraft) {
        path = draft.path
        query = draft.query
        headers = draft.headers
    }

    mutating func set(_ parameter: Parameter, _ value: JSONValue) {
        remove(parameter)
        switch parameter.location {
        case .path: path[parameter.name] = value
        case .query: query.append((parameter.name, value))
        case .header: headers.append((parameter.name, value))
        }
    }

    mutating func remove(_ parameter: Parameter) {
        switch parameter.location {
        case .path: path[parameter.name] = nil
        case .query: query.removeAll { $0.name == parameter.name }
        case .header: headers.removeAll { $0.name.lowercased() == parameter.name.lowercased() }
        }
    }

    /// A request to `endpoint` carrying these values and `body`.
    func draft(for endpoint: Endpoint, body: RequestDraft.Body) -> RequestDraft {
        RequestDraft(endpoint: endpoint, path: path, query: query, headers: headers, body: body)
    }
}
