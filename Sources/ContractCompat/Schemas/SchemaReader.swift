import JSONSchema
import Synchronization

/// Reads schemas of one contract document into ``SchemaView``s: follows same-document `$ref`s,
/// merges `allOf` parts, folds `null` alternatives of `anyOf`/`oneOf` into nullability (how OpenAPI
/// 3.0's `nullable` and 3.1's `oneOf: [{type: "null"}, …]` both read), and leaves what is below for
/// later.
struct SchemaReader: Sendable {
    let document: JSONValue
    /// Views already read, by the places of their parts: a part written in the document is the
    /// same schema wherever it is met again (a shared schema's properties, once per operation).
    private let views = ViewCache()

    private final class ViewCache: Sendable {
        let byPlaces = Mutex<[[JSONPointer]: SchemaView]>([:])
    }

    /// The longest chain of `$ref`s and `allOf`s followed for one schema, so a reference cycle
    /// without any structure in between (`A` is `$ref: B`, `B` is `$ref: A`) ends.
    private static let maximumDepth = 40

    /// The view of the conjunction of `parts`; the view of "any value" for no parts.
    func view(of parts: [SchemaPart]) -> SchemaView {
        guard !parts.contains(where: \.isMade) else { return read(parts) }
        let places = parts.map(\.pointer)
        if let known = views.byPlaces.withLock({ $0[places] }) { return known }
        let view = read(parts)
        views.byPlaces.withLock { $0[places] = view }
        return view
    }

    private func read(_ parts: [SchemaPart]) -> SchemaView {
        var view = SchemaView(pointer: parts.first?.pointer)
        var nullState: Bool?
        for part in parts { merge(part, into: &view, null: &nullState, depth: 0) }
        view.nullable = nullState == true
        if let values = view.enumValues {
            // An enum limits the kinds to those of its values, whatever `type` says.
            let kinds = Set(values.compactMap(JSONKind.kind(of:)))
            view.kinds = view.kinds.map { $0.intersection(kinds) } ?? kinds
            // `enum: [true, false]` on a boolean lists every value: it limits nothing.
            if view.kinds == [.boolean], values.contains(.bool(true)), values.contains(.bool(false)) {
                view.enumValues = nil
            }
        }
        if let alternatives = view.alternatives, let kinds = alternativeKinds(alternatives.parts, depth: 0) {
            // Alternatives imply the kinds they accept, so `type: object` beside object
            // alternatives says nothing new.
            view.kinds = view.kinds.map { $0.intersection(kinds) } ?? kinds
        }
        Self.dropImpliedBounds(&view)
        return view
    }

    /// The kinds some alternative accepts; nil when one accepts any kind (or the alternatives nest
    /// too deep to tell).
    private func alternativeKinds(_ alternatives: [[SchemaPart]], depth: Int) -> Set<JSONKind>? {
        guard depth < 8 else { return nil }
        var kinds = Set<JSONKind>()
        for parts in alternatives {
            var view = SchemaView(pointer: parts.first?.pointer)
            var nullState: Bool?
            for part in parts { merge(part, into: &view, null: &nullState, depth: 0) }
            if let values = view.enumValues { kinds.formUnion(values.compactMap(JSONKind.kind(of:))) }
            var own = view.kinds
            if let inner = view.alternatives {
                guard let nested = alternativeKinds(inner.parts, depth: depth + 1) else { return nil }
                own = own.map { $0.intersection(nested) } ?? nested
            }
            guard let own else {
                if view.enumValues != nil { continue }
                return nil
            }
            kinds.formUnion(own)
        }
        return kinds
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
        // Alternatives that each allow one value (`const`, or a one-value `enum`: how OpenAPI 3.1
        // documents an enum's values) are the enum of those values.
        let values = rest.map { Self.singleValue($0.value) }
        if rest.count > 1, values.allSatisfy({ $0 != nil }) {
            readEnum(values.compactMap { $0 } + (allowsNull ? [.null] : []), into: &view, null: &null)
            view.keywordPointers["enum"] = view.keywordPointers["enum"] ?? pointer
            return
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

    /// The one value an alternative allows: `{"const": 2}` or `{"enum": [2]}`, with annotations
    /// (`title`, `description`, …) and a `type` or `format` beside it; nil for anything else.
    private static func singleValue(_ value: JSONValue) -> JSONValue? {
        guard case .object(let object) = value else { return nil }
        let value: JSONValue
        if let constant = object["const"] {
            value = constant
        } else if case .array(let values)? = object["enum"], values.count == 1 {
            value = values[0]
        } else {
            return nil
        }
        let annotations: Set<String> = [
            "const", "enum", "title", "description", "type", "format", "deprecated", "examples", "example",
        ]
        guard object.keys.allSatisfy({ annotations.contains($0) || $0.hasPrefix("x-") }) else { return nil }
        if let type = object["type"]?.stringValue, let kind = JSONKind.kind(of: value),
            !JSONKind.kinds(of: type).contains(kind)
        {
            return nil
        }
        return value
    }

    /// `{"type": "null"}`, `{"const": null}` or `{"enum": [null]}`.
    private static func isNullOnly(_ value: JSONValue) -> Bool {
        guard case .object(let object) = value else { return false }
        if object["type"] == .string("null") { return true }
        if object["const"] == .null { return true }
        return object["enum"] == .array([.null])
    }
}
