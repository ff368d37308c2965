import ContractKit
public import JSONSchema

/// The JSON a model decodes, named the way an app developer thinks of it: the 200 response of
/// `listMenu`, the request body of `placeOrder`, or the schema `MenuItem`.
///
/// ```swift
/// fuzzer.fuzz(MenuResponse.self, .response(200, of: "listMenu"))
/// fuzzer.fuzz(MenuItem.self, .schema("MenuItem"))
/// ```
public struct FuzzTarget: Sendable, Hashable, CustomStringConvertible {
    private enum Storage: Sendable, Hashable {
        case schema(String)
        case response(Int, endpoint: String)
        case request(endpoint: String)
        case pointer(JSONPointer)
        case unbound
    }

    private let storage: Storage

    /// A named schema of the contract (`#/schemas/<name>`).
    public static func schema(_ name: String) -> FuzzTarget { FuzzTarget(storage: .schema(name)) }
    /// The body of the response with `status` (or the range or `default` that covers it) of an endpoint.
    public static func response(_ status: Int, of endpoint: String) -> FuzzTarget {
        FuzzTarget(storage: .response(status, endpoint: endpoint))
    }
    /// The request body of an endpoint.
    public static func requestBody(of endpoint: String) -> FuzzTarget {
        FuzzTarget(storage: .request(endpoint: endpoint))
    }
    /// The target of a fuzzer made without one (the deprecated API's methods on a new fuzzer).
    static let unbound = FuzzTarget(storage: .unbound)

    /// Any schema in the contract document, by JSON pointer.
    public static func pointer(_ pointer: JSONPointer) -> FuzzTarget {
        FuzzTarget(storage: .pointer(pointer))
    }

    public var description: String {
        switch storage {
        case .schema(let name): return "schema \(name)"
        case .response(let status, let endpoint): return "the \(status) response of \(endpoint)"
        case .request(let endpoint): return "the request body of \(endpoint)"
        case .pointer(let pointer): return "the schema at \(pointer.displayText)"
        case .unbound: return "no target (this fuzzer has no schema pointer: name one per call)"
        }
    }

    /// The target as Swift source, for a finding's reproduction line.
    var code: String {
        switch storage {
        case .schema(let name): return ".schema(\"\(name)\")"
        case .response(let status, let endpoint): return ".response(\(status), of: \"\(endpoint)\")"
        case .request(let endpoint): return ".requestBody(of: \"\(endpoint)\")"
        case .pointer(let pointer): return ".pointer(JSONPointer(\"\(pointer)\")!)"
        case .unbound: return ".schema(\"…\")"
        }
    }

    /// The schema's pointer in the contract document and a name for messages, or why there is none.
    func resolve(in contract: Contract) throws(FuzzTargetError) -> (pointer: JSONPointer, name: String) {
        let pointer: JSONPointer
        switch storage {
        case .schema(let name):
            let names = contract.document["schemas"]?.objectValue?.keys ?? []
            guard names.contains(name) else {
                throw .unknownSchema(name, suggestion: Suggestion.closest(to: name, in: names))
            }
            pointer = JSONPointer(tokens: ["schemas", name])
        case .response(let status, let endpointID):
            let endpoint = try Self.endpoint(endpointID, in: contract)
            guard let response = endpoint.response(for: status) else {
                throw .noResponse(
                    status, endpoint: endpointID, declared: endpoint.responses.map(\.status.description))
            }
            guard let schema = response.schemaPointer else { throw .noSchema(description) }
            pointer = schema
        case .request(let endpointID):
            let endpoint = try Self.endpoint(endpointID, in: contract)
            guard let request = endpoint.request else { throw .noRequestBody(endpointID) }
            guard let schema = request.schemaPointer else { throw .noSchema(description) }
            pointer = schema
        case .pointer(let given):
            guard given.resolve(in: contract.document) != nil else { throw .noSchema(description) }
            pointer = given
        case .unbound:
            throw .noSchema(description)
        }
        return (pointer, Self.name(of: pointer, in: contract, fallback: description))
    }

    private static func endpoint(_ id: String, in contract: Contract) throws(FuzzTargetError) -> Endpoint {
        guard let endpoint = contract.endpoint(id) else {
            throw .unknownEndpoint(
                id, suggestion: Suggestion.closest(to: id, in: contract.endpoints.map(\.id)))
        }
        return endpoint
    }

    /// `MenuResponse` for `#/schemas/MenuResponse` or an inline `{"$ref": "#/schemas/MenuResponse"}`.
    private static func name(of pointer: JSONPointer, in contract: Contract, fallback: String) -> String {
        if pointer.tokens.count == 2, pointer.tokens[0] == "schemas" { return pointer.tokens[1] }
        if case .string(let reference)? = pointer.resolve(in: contract.document)?["$ref"],
            reference.hasPrefix("#/schemas/"), !reference.dropFirst(10).contains("/")
        {
            return String(reference.dropFirst(10))
        }
        return fallback
    }
}
