public import JSONSchema

/// Searches sent with `POST` (`POST /flows/filter`, `POST /things/search`): listings, as a client
/// reads them, not creates.
extension ResourceModel {
    /// The last segments that name a search, most usual first.
    static let searchWords = ["filter", "search", "query", "find", "list", "paginate"]

    /// Gives each resource without a `GET` listing the `POST` search below its collection, where
    /// there is one: one whose last segment names a search, the one answering a plain list first.
    static func assignSearches(in resources: inout [Resource], endpoints: [Endpoint], document: JSONValue?) {
        var found: [Int: [(rank: Int, endpoint: Endpoint)]] = [:]
        for endpoint in endpoints where endpoint.method == "POST" {
            guard let word = endpoint.path.segments.last(where: { $0.literalText != "" })?.literalText,
                let position = searchWords.firstIndex(of: word.lowercased()),
                let index = collectionActedOn(by: endpoint.path, among: resources),
                resources[index].operations[.list] == nil
            else { continue }
            let listShape = document.map { answersList(endpoint, document: $0) } ?? .unknown
            guard listShape != .notList else { continue }
            let rank = (listShape == .array ? 0 : 100) + position
            found[index, default: []].append((rank, endpoint))
        }
        for (index, candidates) in found {
            guard let best = candidates.min(by: { $0.rank < $1.rank }) else { continue }
            resources[index].operations[.list] = best.endpoint.id
            resources[index].listsBySearch = true
        }
    }

    enum ListShape { case array, page, notList, unknown }

    /// Whether the success answer of `endpoint` is a list: an array, or an object holding one (a
    /// page: `{"results": [...], "count": 3}`).
    static func answersList(_ endpoint: Endpoint, document: JSONValue) -> ListShape {
        let navigator = SchemaNavigator(document: document)
        guard
            let success = endpoint.responses.first(where: { $0.status.covers(200) && $0.status != .default }),
            let pointer = success.schemaPointer, let schema = navigator.schema(at: pointer)
        else { return .unknown }
        if navigator.types(of: schema).contains("array") { return .array }
        let properties = schema["properties"]?.objectValue?.members ?? []
        return properties.contains { navigator.types(of: $0.value).contains("array") } ? .page : .notList
    }
}
