/// A schema resource (a document root or a subschema with `$id`) as the dynamic scope sees it.
struct CompiledResource: Sendable {
    let uri: String
    /// Nodes of the resource's `$dynamicAnchor`s by anchor name.
    var dynamicAnchors: [String: Int]
}
