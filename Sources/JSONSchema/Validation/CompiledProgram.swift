/// A schema resource (a document root or a subschema with `$id`) as the dynamic scope sees it.
struct CompiledResource: Sendable {
    let uri: String
    /// Nodes of the resource's `$dynamicAnchor`s by anchor name.
    var dynamicAnchors: [String: Int]
}

/// Everything a `Schema` needs at validation time; immutable once compiled.
final class CompiledProgram: Sendable {
    let nodes: [SchemaNode]
    let resources: [CompiledResource]
    let root: Int

    init(nodes: [SchemaNode], resources: [CompiledResource], root: Int) {
        self.nodes = nodes
        self.resources = resources
        self.root = root
    }
}
