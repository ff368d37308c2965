import ContractKit

/// The resources the mock keeps in memory: those of the contract's ``ResourceModel`` that name
/// their items (a collection path with an item path one placeholder below it, `/todos` and
/// `/todos/{id}`), keyed the way the store keys them.
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

    init(endpoints: [Endpoint]) {
        for resource in ResourceModel(endpoints: endpoints).resources {
            guard let item = resource.item, let parameter = resource.idParameter else { continue }
            let kept = Resource(
                collection: resource.collection.shape, parameter: parameter,
                createsOnItem: resource.createsOnItem)
            byCollection[resource.collection.shape] = kept
            byItem[item.shape] = kept
        }
    }

    /// The resource whose collection path this is.
    func collection(_ path: PathTemplate) -> Resource? { byCollection[path.shape] }

    /// The resource whose item path this is.
    func item(_ path: PathTemplate) -> Resource? { byItem[path.shape] }
}
