public import JSONSchema

/// The result of converting an OpenAPI document: the contract document, what could not be mapped,
/// and where each part of the contract came from, so problems found in the contract point back into
/// the OpenAPI file a person edits.
public struct OpenAPIConversion: Sendable {
    /// A contract document (format version 1), keys in a stable order.
    public var contract: JSONValue
    /// Everything not mapped, in document order, each with its pointer into the OpenAPI document.
    public var warnings: [OpenAPIWarning]
    /// OpenAPI pointers of contract values (endpoints, parameters, responses, schemas…).
    var origins: [JSONPointer: JSONPointer]
    /// The description's first server URL as written, relative ones included (`/v1`); see
    /// ``Contract/serverURL``.
    public var serverURL: String?
    /// The Swagger 2.0 → 3.0 rewrite the conversion started from, when the document was Swagger 2.0.
    var upgrade: Swagger2Upgrade?

    init(contract: JSONValue, warnings: [OpenAPIWarning], origins: [JSONPointer: JSONPointer]) {
        self.contract = contract
        self.warnings = warnings
        self.origins = origins
    }

    /// Where a place in the contract comes from in the OpenAPI document: the origin of its longest
    /// recorded prefix, followed by the rest of the pointer when that still names something in the
    /// OpenAPI document (schemas keep their shape), else the origin alone.
    public func openAPIPointer(for contractPointer: JSONPointer, in openAPI: JSONValue) -> JSONPointer {
        guard let upgrade else { return openAPI30Pointer(for: contractPointer, in: openAPI) }
        return upgrade.swaggerPointer(
            for: openAPI30Pointer(for: contractPointer, in: .object(upgrade.document)))
    }

    /// Forgets the endpoint at `index` of the contract's `endpoints`, as the loader leaves out an
    /// operation it cannot load: the origins of the endpoints after it move down one place, so
    /// problems found later still point at their own operations.
    mutating func removeEndpoint(at index: Int) {
        guard case .array(var endpoints)? = contract["endpoints"], endpoints.indices.contains(index) else {
            return
        }
        endpoints.remove(at: index)
        contract = contract.replacing(at: JSONPointer(tokens: ["endpoints"]), with: .array(endpoints))
        var moved: [JSONPointer: JSONPointer] = [:]
        for (key, origin) in origins {
            var tokens = key.tokens
            guard tokens.count >= 2, tokens[0] == "endpoints", let position = Int(tokens[1]) else {
                moved[key] = origin
                continue
            }
            if position == index { continue }
            if position > index { tokens[1] = String(position - 1) }
            moved[JSONPointer(tokens: tokens)] = origin
        }
        origins = moved
    }

    private func openAPI30Pointer(for contractPointer: JSONPointer, in openAPI: JSONValue) -> JSONPointer {
        var tokens = contractPointer.tokens
        var rest: [String] = []
        while true {
            if let origin = origins[JSONPointer(tokens: tokens)] {
                let extended = JSONPointer(tokens: origin.tokens + rest)
                return extended.resolve(in: openAPI) != nil ? extended : origin
            }
            guard let last = tokens.popLast() else { return .root }
            rest.insert(last, at: 0)
        }
    }
}
