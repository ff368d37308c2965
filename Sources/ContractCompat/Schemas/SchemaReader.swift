import JSONSchema

/// Reads schemas of one contract document into ``SchemaView``s: follows same-document `$ref`s,
/// merges `allOf` parts, folds `null` alternatives of `anyOf`/`oneOf` into nullability (how OpenAPI
/// 3.0's `nullable` and 3.1's `oneOf: [{type: "null"}, …]` both read), and leaves what is below for
/// later.
struct SchemaReader: Sendable {
    let document: JSONValue

    /// The longest chain of `$ref`s and `allOf`s followed for one schema, so a reference cycle
    /// without any structure in between (`A` is `$ref: B`, `B` is `$ref: A`) ends.
    private static let maximumDepth = 40

    /// The view of the conjunction of `parts`; the view of "any value" for no parts.
    func view(of parts: [SchemaPart]) -> SchemaView {
        var view = SchemaView(pointer: parts.first?.pointer)
        var nullState: Bool?
        for part in parts { merge(part, into: &view, null: &nullState, depth: 0) }
        view.nullable = nullState == true
        if let values = view.enumValues {
            // An enum limits the kinds to those of its values, whatever `type` says.
            let kinds = Set(values.compactMap(JSONKind.kind(of:)))
            view.kinds = view.kinds.map { $0.intersection(kinds) } ?? kinds
        }
        Self.dropImpliedBounds(&view)
        return view
    }

    private func merge(_ part: SchemaPart, into view: inout SchemaView, null: inout Bool?, depth: Int) {
        guard depth < Self.maximumDepth else { return }
        guard case .object(let object) = part.value else {
            if part.value == .bool(false) { view.isNever = true }
            return
        }
        if let reference = object["$ref"]?.stringValue {
            follow(reference, from: part, into: &view, null: &null, depth: depth)
        }
        if case .array(let parts)? = object["allOf"] {
            for (index, element) in parts.enumerated() {
                let child = SchemaPart(
                    value: element, pointer: part.pointer.appending("allOf").appending(index))
                merge(child, into: &view, null: &null, depth: depth + 1)
            }
        }
        for composition in [SchemaFact.Composition.oneOf, .anyOf] {
            if case .array(let options)? = object[composition.rawValue] {
                let at = part.pointer.appending(composition.rawValue)
                readAlternatives(options, composition, at: at, into: &view, null: &null, depth: depth)
            }
        }
        readKeywords(object, at: part.pointer, into: &view, null: &null)
        readStructure(object, at: part.pointer, into: &view)
    }

    /// A same-document reference: the target merged in, its name kept for messages and matching.
    private func follow(
        _ reference: String, from part: SchemaPart, into view: inout SchemaView, null: inout Bool?, depth: Int
    ) {
        guard reference.hasPrefix("#"), let pointer = JSONPointer(String(reference.dropFirst())),
            let target = pointer.resolve(in: document)
        else {
            view.isUnresolved = true
            view.unresolvedReference = view.unresolvedReference ?? reference
            return
        }
        if view.name == nil, pointer.tokens.count == 2, pointer.tokens[0] == "schemas" {
            view.name = Self.baseName(pointer.tokens[1])
        }
        merge(SchemaPart(value: target, pointer: pointer), into: &view, null: &null, depth: depth + 1)
    }

    /// `Pet` for the request and response variants `Pet.request` and `Pet.response` the loader
    /// makes of schemas with `readOnly` or `writeOnly` properties.
    static func baseName(_ name: String) -> String {
        for suffix in [".request", ".response"] where name.hasSuffix(suffix) {
            return String(name.dropLast(suffix.count))
        }
        return name
    }

    private func readAlternatives(
        _ options: [JSONValue], _ composition: SchemaFact.Composition, at pointer: JSONPointer,
        into view: inout SchemaView, null: inout Bool?, depth: Int
    ) {
        var rest: [SchemaPart] = []
        var allowsNull = false
        for (index, option) in options.enumerated() {
            if Self.isNullOnly(option) {
                allowsNull = true
            } else {
                rest.append(SchemaPart(value: option, pointer: pointer.appending(index)))
            }
        }
        // The alternatives' own view of null: a null alternative accepts it whatever the others say.
        var inner: Bool?
        if rest.count == 1 {
            merge(rest[0], into: &view, null: &inner, depth: depth + 1)
        } else if rest.count > 1, view.alternatives == nil {
            view.alternatives = (composition, rest.map { [$0] })
        }
        switch allowsNull ? true : inner {
        case false?: null = false
        case true? where null == nil: null = true
        default: break
        }
    }

    /// `{"type": "null"}`, `{"const": null}` or `{"enum": [null]}`.
    private static func isNullOnly(_ value: JSONValue) -> Bool {
        guard case .object(let object) = value else { return false }
        if object["type"] == .string("null") { return true }
        if object["const"] == .null { return true }
        return object["enum"] == .array([.null])
    }
}
