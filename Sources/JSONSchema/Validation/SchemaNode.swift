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
