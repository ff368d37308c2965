public import JSONSchema

/// Properties of a request body that name another resource's item (`flow_id` names a flow,
/// `work_pool_name` a work pool): a client fills them with a live item's id, so the resource they
/// name is created first.
extension ResourceModel {
    /// The resource whose items a property named `property` names, or nil: the singular of its
    /// collection with `_id`/`Id` (`flow_id`, `flowId` for `/flows`), or with its item path's
    /// parameter (`work_pool_name` for `/work_pools/{name}`).
    public func resource(namedBy property: String) -> Resource? {
        let wanted = Self.normalized(property)
        return resources.first { resource in
            guard resource.item != nil, let parameter = resource.idParameter,
                let last = resource.collection.segments.last(where: { $0.literalText?.isEmpty == false })?
                    .literalText
            else { return false }
            let singular = Self.normalized(IDField.singularOf(last))
            let forms = [singular + "id", singular + Self.normalized(parameter)]
            return forms.contains(wanted) && Self.normalized(parameter) != wanted
        }
    }

    /// The resources the create of `resource` names in its request body (its parent aside).
    public func references(of resource: Resource, in contract: Contract) -> [Resource] {
        guard let create = resource.operations[.create].flatMap(contract.endpoint),
            let pointer = create.request?.schemaPointer
        else { return [] }
        let navigator = SchemaNavigator(document: contract.document)
        guard let schema = navigator.schema(at: pointer) else { return [] }
        var found: [Resource] = []
        for name in Self.propertyNames(of: schema, navigator: navigator) {
            guard let target = self.resource(namedBy: name), target.name != resource.name,
                target.name != resource.parent?.resource, !found.contains(where: { $0.name == target.name })
            else { continue }
            found.append(target)
        }
        return found
    }

    /// The property names an object schema declares, its `allOf` branches' included.
    public static func propertyNames(of schema: JSONValue, navigator: SchemaNavigator, depth: Int = 0)
        -> [String]
    {
        let resolved = navigator.resolve(schema)
        var names = resolved["properties"]?.objectValue?.keys ?? []
        guard depth < 8 else { return names }
        for branch in resolved["allOf"]?.arrayValue ?? [] {
            for name in propertyNames(of: branch, navigator: navigator, depth: depth + 1)
            where !names.contains(name) {
                names.append(name)
            }
        }
        return names
    }

    static func normalized(_ name: String) -> String {
        name.lowercased().filter { $0 != "_" && $0 != "-" }
    }
}
