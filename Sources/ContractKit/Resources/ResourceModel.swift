public import JSONSchema

/// The resources a contract describes, inferred from its paths and methods: the same reading for
/// the mock (which keeps items in memory), the fuzzer (which creates, reads, changes and deletes
/// real items) and `conform run` (which orders the calls of a resource so each uses a live id).
///
/// A collection path with an item path one placeholder below it is a resource (`/todos` and
/// `/todos/{id}`, the collection with or without a trailing slash); so is a collection that only
/// creates or lists, and an item path whose items are created on it (`PUT /buckets/{id}`). No
/// framework needs to write OpenAPI `links` for this: the roles come from the methods (`POST` on
/// the collection creates, `GET` lists; on the item `GET` reads, `PUT` replaces, `PATCH` updates,
/// `DELETE` deletes), and a `POST` that only searches (`/todos/filter`) lists.
public struct ResourceModel: Sendable {
    public var resources: [Resource]
    private var byEndpoint: [String: (resource: Int, role: Resource.Role)] = [:]

    public init(contract: Contract) {
        self.init(endpoints: contract.endpoints, document: contract.document)
    }

    /// The model of `endpoints`; with the `document` their pointers lead into, a `POST` under a
    /// collection whose answer is a list is read as a search.
    public init(endpoints: [Endpoint], document: JSONValue? = nil) {
        // An operation whose only success switches protocols (Docker's `POST /session`) keeps no
        // item: what follows its answer is not HTTP.
        let endpoints = endpoints.filter { !$0.onlySwitchesProtocols }
        var resources: [Resource] = []
        let byShape = Dictionary(grouping: endpoints, by: \.path.shape)
        var used = Set<String>()
        for endpoint in endpoints {
            guard let computed = Self.collection(of: endpoint.path),
                !resources.contains(where: { $0.item?.shape == endpoint.path.shape })
            else { continue }
            // `/things/{id}` pairs with `/things` or `/things/`, whichever the API publishes.
            let published = Self.spellings(of: computed).first { byShape[$0.shape] != nil }
            let createsOnItem =
                published == nil
                && byShape[endpoint.path.shape, default: []].contains {
                    $0.method == "PUT"
                }
            guard let collection = published ?? (createsOnItem ? computed : nil) else { continue }
            resources.append(
                Resource(
                    name: "", collection: collection, item: endpoint.path,
                    idParameter: endpoint.path.parameterNames.last, parent: nil, operations: [:]))
        }
        // A collection that creates but has no item path is a resource too (its items are named
        // by the answers only); a `POST` below a collection (`/flows/count`, `/flows/filter`) acts
        // on that collection instead, and a bulk delete (`/flows/bulk_delete`) creates nothing.
        for endpoint in endpoints where endpoint.method == "POST" && !endpoint.isBulkDelete {
            guard !resources.contains(where: { $0.collection.shape == endpoint.path.shape }),
                endpoint.path.segments.last?.literalText != nil, !endpoint.path.segments.isEmpty,
                Self.collectionActedOn(by: endpoint.path, among: resources) == nil
            else { continue }
            resources.append(
                Resource(
                    name: "", collection: endpoint.path, item: nil, idParameter: nil, parent: nil,
                    operations: [:]))
        }
        for index in resources.indices {
            resources[index].name = Self.uniqueName(for: resources[index].collection, used: &used)
            Self.assignRoles(to: &resources[index], byShape: byShape)
        }
        Self.assignSearches(in: &resources, endpoints: endpoints, document: document)
        for index in resources.indices {
            resources[index].parent = Self.parent(of: resources[index], among: resources)
        }
        self.resources = resources.filter { !$0.operations.isEmpty }
        for (index, resource) in self.resources.enumerated() {
            // The first role of an endpoint that plays two (a `PUT` that creates and replaces) wins.
            for role in Resource.Role.allCases.reversed() {
                if let id = resource.operations[role] { byEndpoint[id] = (index, role) }
            }
        }
    }

    /// Gives each role of `resource` the endpoint that plays it; an item created on its own path
    /// is created by its `PUT` (else its `POST`), which also replaces it.
    private static func assignRoles(to resource: inout Resource, byShape: [String: [Endpoint]]) {
        let collectionEndpoints = spellings(of: resource.collection).flatMap { byShape[$0.shape] ?? [] }
        let itemEndpoints = resource.item.map { byShape[$0.shape] ?? [] } ?? []
        for (endpoint, onItem) in collectionEndpoints.map({ ($0, false) }) + itemEndpoints.map({ ($0, true) })
        {
            guard
                let role = Resource.Role.allCases.first(where: {
                    $0.isItemRole == onItem && $0.method == endpoint.method
                }),
                resource.operations[role] == nil
            else { continue }
            resource.operations[role] = endpoint.id
        }
        guard resource.operations[.create] == nil, resource.item != nil else { return }
        if let put = resource.operations[.replace] {
            resource.operations[.create] = put
            resource.createsOnItem = true
        } else if let post = itemEndpoints.first(where: { $0.method == "POST" }) {
            resource.operations[.create] = post.id
            resource.createsOnItem = true
        }
    }

    /// The resource an endpoint acts on, and its role there.
    public func resource(of endpointID: String) -> (resource: Resource, role: Resource.Role)? {
        byEndpoint[endpointID].map { (resources[$0.resource], $0.role) }
    }

    /// The resource named `name`.
    public func resource(named name: String) -> Resource? { resources.first { $0.name == name } }

    /// The resource whose collection path has `path`'s shape (a trailing slash aside).
    public func collection(_ path: PathTemplate) -> Resource? {
        resources.first { $0.collection.shape == path.shape }
            ?? resources.first {
                Self.withoutTrailingSlash($0.collection.shape) == Self.withoutTrailingSlash(path.shape)
            }
    }

    /// The resource whose item path has `path`'s shape.
    public func item(_ path: PathTemplate) -> Resource? {
        resources.first { $0.item?.shape == path.shape }
    }

    /// The collection of an item path: the same path without its last segment, when that segment
    /// is one placeholder (`/books/{id}` → `/books`); a trailing slash is kept on both sides, as
    /// Django writes them (`/api/tasks/{id}/` → `/api/tasks/`).
    static func collection(of path: PathTemplate) -> PathTemplate? {
        var segments = path.route.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(
            String.init)
        let trailing = segments.last == "" && segments.count > 1
        if trailing { segments.removeLast() }
        guard segments.count >= 2, let last = segments.last, last.hasPrefix("{"), last.hasSuffix("}"),
            last.dropFirst().dropLast().allSatisfy({ $0 != "{" && $0 != "}" })
        else { return nil }
        return PathTemplate("/" + segments.dropLast().joined(separator: "/") + (trailing ? "/" : ""))
    }

    /// A collection path as written, then with its trailing slash added or removed.
    static func spellings(of collection: PathTemplate) -> [PathTemplate] {
        let route = collection.route
        let other = route.hasSuffix("/") ? String(route.dropLast()) : route + "/"
        return [collection] + (route.count > 1 ? PathTemplate(other).map { [$0] } ?? [] : [])
    }

    /// The resource whose collection `path` sits directly below (`/flows/filter` below `/flows/`).
    static func collectionActedOn(by path: PathTemplate, among resources: [Resource]) -> Int? {
        var segments = path.route.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(
            String.init)
        if segments.last == "" && segments.count > 1 { segments.removeLast() }
        guard segments.count >= 2 else { return nil }
        let above = "/" + segments.dropLast().joined(separator: "/")
        guard let template = PathTemplate(above) else { return nil }
        return resources.firstIndex {
            $0.item != nil && withoutTrailingSlash($0.collection.shape) == template.shape
        }
    }

    /// The resource whose item path the collection sits under (`/books/{book_id}/reviews` under
    /// `/books/{book_id}`), with the placeholder that holds the parent's id.
    static func parent(of resource: Resource, among resources: [Resource]) -> Resource.Parent? {
        var segments = resource.collection.route.split(separator: "/", omittingEmptySubsequences: false)
            .dropFirst().map(String.init)
        if segments.last == "" && segments.count > 1 { segments.removeLast() }
        guard segments.count >= 2 else { return nil }
        let prefix = "/" + segments.dropLast().joined(separator: "/")
        guard let template = PathTemplate(prefix),
            let parent = resources.first(where: { candidate in
                candidate.item.map { Self.withoutTrailingSlash($0.shape) == template.shape } ?? false
            }),
            let parameter = template.parameterNames.last
        else { return nil }
        return Resource.Parent(resource: parent.name, parameter: parameter)
    }

    static func withoutTrailingSlash(_ shape: String) -> String {
        shape.count > 1 && shape.hasSuffix("/") ? String(shape.dropLast()) : shape
    }

    /// The collection's last fixed segment, with the one before it when that name is taken.
    static func uniqueName(for collection: PathTemplate, used: inout Set<String>) -> String {
        let literals = collection.segments.compactMap(\.literalText).filter { !$0.isEmpty }
        var name = literals.last ?? "root"
        if used.contains(name), literals.count > 1 { name = literals.suffix(2).joined(separator: "/") }
        var unique = name
        var counter = 2
        while used.contains(unique) {
            unique = "\(name)-\(counter)"
            counter += 1
        }
        used.insert(unique)
        return unique
    }
}
