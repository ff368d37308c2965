/// One compiled schema object or boolean schema.
///
/// Nodes refer to each other by index into `CompiledProgram.nodes`, so recursive schemas form no
/// reference cycles and a node can be referenced before it is fully compiled.
final class SchemaNode: Sendable {
    /// For boolean schemas: the constant result; nil for schema objects.
    let constant: Bool?
    /// The keywords to evaluate, in evaluation order (`unevaluated*` last).
    let keywords: [Keyword]
    /// Whether the node has `unevaluatedItems` or `unevaluatedProperties`, so it must collect
    /// annotations from its in-place applicators.
    let tracksAnnotations: Bool
    /// The schema resource (index into `CompiledProgram.resources`) the node belongs to.
    let resource: Int
    /// The absolute URI of the node, used for `absoluteKeywordLocation`.
    let absoluteLocation: String

    init(constant: Bool?, keywords: [Keyword], resource: Int, absoluteLocation: String) {
        self.constant = constant
        self.keywords = keywords
        self.tracksAnnotations = keywords.contains { $0.isUnevaluated }
        self.resource = resource
        self.absoluteLocation = absoluteLocation
    }
}

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
