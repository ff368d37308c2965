/// Which resource a path touches, so `conform run` keeps the examples that act on one resource in
/// the order they are written.
extension ResourceModel {
    /// A name shared by every path that acts on the same top-level resource: its collection, its
    /// item, the collections nested under its items (`/todos/{id}/notes`) and the actions below
    /// them (`/todos/{id}/complete`). A path under no resource is its own family (its shape,
    /// without a trailing slash).
    public func family(of path: PathTemplate) -> String {
        let shape = Self.withoutTrailingSlash(path.shape)
        var segments = shape.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(
            String.init)
        while !segments.isEmpty {
            let prefix = "/" + segments.joined(separator: "/")
            if let owner = resources.first(where: { resource in
                Self.withoutTrailingSlash(resource.collection.shape) == prefix
                    || resource.item.map { Self.withoutTrailingSlash($0.shape) == prefix } == true
            }) {
                return "resource " + root(of: owner).name
            }
            segments.removeLast()
        }
        return "path " + shape
    }

    /// The resource at the top of `resource`'s parents.
    func root(of resource: Resource) -> Resource {
        var current = resource
        var seen: Set<String> = [current.name]
        while let parent = current.parent, let owner = self.resource(named: parent.resource),
            seen.insert(owner.name).inserted
        {
            current = owner
        }
        return current
    }
}
