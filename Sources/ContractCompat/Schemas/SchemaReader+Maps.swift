import JSONSchema

extension SchemaView {
    /// An object schema that says only what its values are (`additionalProperties`), with no
    /// named properties and no alternatives.
    var isMap: Bool {
        kinds == [.object] && properties.isEmpty && additionalProperties != nil && alternatives == nil
    }
}

extension SchemaReader {
    /// The one map that alternatives which are all maps amount to: its values are any of theirs.
    /// Nil when the view has no alternatives, or one of them is not a map.
    func foldedMap(_ view: SchemaView) -> SchemaView? {
        guard let alternatives = view.alternatives, alternatives.parts.count > 1 else { return nil }
        var values: [JSONValue] = []
        var first: JSONPointer?
        for parts in alternatives.parts {
            let option = self.view(of: parts)
            guard option.isMap, let inner = option.additionalProperties, inner.count == 1 else { return nil }
            values.append(inner[0].value)
            first = first ?? inner[0].pointer
        }
        guard let first else { return nil }
        var folded = view
        folded.alternatives = nil
        folded.kinds = [.object]
        folded.additionalProperties = [
            SchemaPart(
                value: .object(JSONObject([(alternatives.composition.rawValue, .array(values))])),
                pointer: first, isMade: true)
        ]
        return folded
    }
}
