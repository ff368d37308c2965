public import JSONSchema

/// The query parameter that bounds how many items a listing returns, and the array it bounds: what
/// the mock applies, and what the fuzzer's `limit_respected` check holds a server to.
///
/// A contract names it with `"limits": "/items"` on the parameter (like `filters`); a description
/// is read by the usual names: an integer `limit`, `per_page`, `page_size`, `pageSize`, `perPage`,
/// `page_limit`, `max_results` or `size`.
public enum ListingLimit {
    static let names: Set<String> = ["limit", "perpage", "pagesize", "pagelimit", "maxresults", "size"]

    /// The parameter of `endpoint` that limits its listing, or nil.
    public static func parameter(of endpoint: Endpoint, in document: JSONValue) -> Parameter? {
        let query = endpoint.parameters(in: .query)
        if let declared = query.first(where: { $0.limits != nil }) { return declared }
        let navigator = SchemaNavigator(document: document)
        return query.first { parameter in
            let name = parameter.name.lowercased().replacingOccurrences(of: "_", with: "")
                .replacingOccurrences(of: "-", with: "")
            guard names.contains(name), let schema = parameter.schemaPointer.flatMap(navigator.schema(at:))
            else {
                return false
            }
            return navigator.types(of: schema).contains("integer")
        }
    }

    /// Where the bounded array stands in `body`: the parameter's `limits`, else the listing's items.
    public static func array(in body: JSONValue, for parameter: Parameter) -> JSONPointer? {
        if let declared = parameter.limits { return declared }
        return IDField.itemsLocation(in: body)
    }

    /// The parameter's `minimum` and `maximum`, where its schema gives them.
    public static func bounds(of parameter: Parameter, in document: JSONValue) -> (
        minimum: Int?, maximum: Int?
    ) {
        let navigator = SchemaNavigator(document: document)
        guard let schema = parameter.schemaPointer.flatMap(navigator.schema(at:)) else { return (nil, nil) }
        func integer(_ key: String) -> Int? { schema[key]?.numberValue.flatMap { Int($0.description) } }
        return (integer("minimum"), integer("maximum"))
    }
}
