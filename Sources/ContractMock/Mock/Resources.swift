import ContractKit

/// The resources the mock keeps in memory: those of the contract's ``ResourceModel`` (the checker's
/// own reading, searches included) that name their items (a collection path with an item path one
/// placeholder below it, `/todos` and `/todos/{id}`), keyed the way the store keys them.
struct Resources: Sendable {
    struct Resource: Sendable {
        /// The collection path's shape, the key of the resource in the store.
        var collection: String
        /// The item path's parameter that names an item.
        var parameter: String
        /// Whether a `PUT` on the item path of a missing item creates it (`PUT /buckets/{id}`).
        var createsOnItem = false
    }

    private var byCollection: [String: Resource] = [:]
    private var byItem: [String: Resource] = [:]
    private var bySearch: [String: Resource] = [:]

    init(model: ResourceModel, endpoints: [Endpoint]) {
        let paths = Dictionary(endpoints.map { ($0.id, $0.path) }) { first, _ in first }
        for resource in model.resources {
            guard let item = resource.item, let parameter = resource.idParameter else { continue }
            let kept = Resource(
                collection: resource.collection.shape, parameter: parameter,
                createsOnItem: resource.createsOnItem)
            byCollection[resource.collection.shape] = kept
            byItem[item.shape] = kept
            if resource.listsBySearch, let search = resource.operations[.list].flatMap({ paths[$0] }) {
                bySearch[search.shape] = kept
            }
        }
    }

    /// The resource whose collection path this is.
    func collection(_ path: PathTemplate) -> Resource? { byCollection[path.shape] }

    /// The resource whose item path this is.
    func item(_ path: PathTemplate) -> Resource? { byItem[path.shape] }

    /// The resource this path searches with `POST` (`/flows/filter` for `/flows/`): its listing,
    /// as the checker reads it.
    func search(_ path: PathTemplate) -> Resource? { bySearch[path.shape] }

    /// Whether requests to this path read or change the store.
    func keeps(_ path: PathTemplate) -> Bool {
        item(path) != nil || collection(path) != nil || search(path) != nil
    }
}
