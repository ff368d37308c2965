import ContractKit

/// The resources a contract describes: a collection path (`/todos`) with an item path one
/// templated segment below it (`/todos/{id}`). The mock keeps such resources in memory.
struct Resources: Sendable {
    struct Resource: Sendable {
        /// The collection path's shape, the key of the resource in the store.
        var collection: String
        /// The item path's parameter that names an item.
        var parameter: String
    }

    private var byCollection: [String: Resource] = [:]
    private var byItem: [String: Resource] = [:]

    init(endpoints: [Endpoint]) {
        let shapes = Set(endpoints.map(\.path.shape))
        for endpoint in endpoints {
            let segments = endpoint.path.segments
            guard segments.count >= 2, let last = segments.last, last.parts.count == 1,
                case .parameter(let name) = last.parts[0]
            else { continue }
            let parentTemplate =
                "/" + endpoint.path.route.split(separator: "/").dropLast().joined(separator: "/")
            guard let parent = PathTemplate(parentTemplate), shapes.contains(parent.shape) else { continue }
            let resource = Resource(collection: parent.shape, parameter: name)
            byCollection[parent.shape] = resource
            byItem[endpoint.path.shape] = resource
        }
    }

    /// The resource whose collection path this is.
    func collection(_ path: PathTemplate) -> Resource? { byCollection[path.shape] }

    /// The resource whose item path this is.
    func item(_ path: PathTemplate) -> Resource? { byItem[path.shape] }
}
