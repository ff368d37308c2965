/// The resources a contract describes, inferred from its paths and methods: the same reading for
/// the mock (which keeps items in memory), the fuzzer (which creates, reads, changes and deletes
/// real items) and `conform run` (which orders the calls of a resource so each uses a live id).
///
/// A collection path with an item path one placeholder below it is a resource (`/todos` and
/// `/todos/{id}`); so is a collection that only creates or lists. No framework needs to write
/// OpenAPI `links` for this: the roles come from the methods (`POST` on the collection creates,
/// `GET` lists; on the item `GET` reads, `PUT` replaces, `PATCH` updates, `DELETE` deletes).
public struct ResourceModel: Sendable {
    public var resources: [Resource]
    private var byEndpoint: [String: (resource: Int, role: Resource.Role)] = [:]

    public init(contract: Contract) {
        self.init(endpoints: contract.endpoints)
    }

    public init(endpoints: [Endpoint]) {
        var resources: [Resource] = []
        let byShape = Dictionary(grouping: endpoints, by: \.path.shape)
        var used = Set<String>()
        for endpoint in endpoints {
            guard let collection = Self.collection(of: endpoint.path), byShape[collection.shape] != nil,
                !resources.contains(where: { $0.item?.shape == endpoint.path.shape })
            else { continue }
            let idParameter = endpoint.path.parameterNames.last
            resources.append(
                Resource(
                    name: "", collection: collection, item: endpoint.path, idParameter: idParameter,
                    parent: nil,
                    operations: [:]))
        }
        // A collection that creates but has no item path is a resource too (its items are named
        // by the answers only).
        for endpoint in endpoints where endpoint.method == "POST" {
            guard !resources.contains(where: { $0.collection.shape == endpoint.path.shape }),
                endpoint.path.segments.last?.literalText != nil, !endpoint.path.segments.isEmpty
            else { continue }
            resources.append(
                Resource(
                    name: "", collection: endpoint.path, item: nil, idParameter: nil, parent: nil,
                    operations: [:]))
        }
        for index in resources.indices {
            resources[index].name = Self.uniqueName(for: resources[index].collection, used: &used)
            for endpoint in (byShape[resources[index].collection.shape] ?? [])
                + (resources[index].item.map {
                    byShape[$0.shape] ?? []
                } ?? [])
            {
                let onItem = endpoint.path.shape == resources[index].item?.shape
                guard
                    let role = Resource.Role.allCases.first(where: {
                        $0.isItemRole == onItem && $0.method == endpoint.method
                    }),
                    resources[index].operations[role] == nil
                else { continue }
                resources[index].operations[role] = endpoint.id
            }
        }
        for index in resources.indices {
            resources[index].parent = Self.parent(of: resources[index], among: resources)
        }
        self.resources = resources.filter { !$0.operations.isEmpty }
        for (index, resource) in self.resources.enumerated() {
            for (role, id) in resource.operations { byEndpoint[id] = (index, role) }
        }
    }

    /// The resource an endpoint acts on, and its role there.
    public func resource(of endpointID: String) -> (resource: Resource, role: Resource.Role)? {
        byEndpoint[endpointID].map { (resources[$0.resource], $0.role) }
    }

    /// The resource named `name`.
    public func resource(named name: String) -> Resource? { resources.first { $0.name == name } }

    /// The resource whose collection path has `path`'s shape.
    public func collection(_ path: PathTemplate) -> Resource? {
        resources.first { $0.collection.shape == path.shape }
    }

    /// The resource whose item path has `path`'s shape.
    public func item(_ path: PathTemplate) -> Resource? {
        resources.first { $0.item?.shape == path.shape }
    }

    /// The collection of an item path: the same path without its last segment, when that segment
    /// is one placeholder (`/books/{id}` → `/books`); a trailing slash is kept on both sides, as
    /// Django writes them (`/api/tasks/{id}/` → `/api/tasks/`).
    static func collection(of path: PathTemplate) -> PathTemplate? {
        var segments = path.route.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let trailing = segments.last == "" && segments.count > 1
        if trailing { segments.removeLast() }
        guard segments.count >= 2, let last = segments.last, last.hasPrefix("{"), last.hasSuffix("}"),
            last.dropFirst().dropLast().allSatisfy({ $0 != "{" && $0 != "}" })
        else { return nil }
        return PathTemplate("/" + segments.dropLast().joined(separator: "/") + (trailing ? "/" : ""))
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
