import Synchronization

/// The root document that `$ref`s resolve against, with its `$id` and `$anchor` index: the one
/// place raw schemas are navigated by reference, for the generator, the contract's shape helpers
/// (`SchemaNavigator`) and compat.
///
/// Contract files keep their schemas under arbitrary members (`#/schemas/MenuItem`) or `$defs`,
/// so resolution works on JSON pointers into the whole document; `$id`s and anchors are indexed
/// once so that `other.json#/x` and `#name` resolve without walking the tree each time.
package struct SchemaDocument: Sendable {
    package let root: JSONValue
    package let baseURI: String
    private var resources: [String: JSONPointer] = [:]
    private var anchors: [String: JSONPointer] = [:]
    /// The base URI established by each `$id`, by the location of the schema declaring it.
    private var bases: [JSONPointer: String] = [:]
    /// Every `$ref` of the document resolved once, by base and reference text: generation and the
    /// checker follow the same few references thousands of times per payload.
    private var resolved: [ReferenceKey: Target] = [:]

    package typealias Target = (schema: JSONValue, pointer: JSONPointer)

    private struct ReferenceKey: Hashable {
        var base: String
        var reference: String
    }

    /// The index of `root` under `baseURI`, built once per process and shared: the mock, the
    /// replayer, the fuzzers and the checks of one run all navigate the same document. Found again
    /// by document (copies of one document compare in constant time) and base; the last few are kept.
    package static func shared(root: JSONValue, baseURI: String) -> SchemaDocument {
        sharedDocuments.withLock { kept in
            if let found = kept.first(where: { $0.baseURI == baseURI && $0.root == root }) { return found }
            let made = SchemaDocument(root: root, baseURI: baseURI)
            kept.append(made)
            if kept.count > keptDocuments { kept.removeFirst() }
            return made
        }
    }

    private static let sharedDocuments = Mutex<[SchemaDocument]>([])
    private static let keptDocuments = 8

    package init(root: JSONValue, baseURI: String) {
        self.root = root
        self.baseURI = baseURI
        var references: [ReferenceKey] = []
        index(root, at: .root, base: baseURI, references: &references)
        rootBase = bases[.root] ?? Self.stripFragment(baseURI)
        var table: [ReferenceKey: Target] = [:]
        // Under the base in force where each reference is written, and under the root's, which is
        // what callers without a base pass.
        let rootBase = self.rootBase
        for written in references {
            for key in [written, ReferenceKey(base: rootBase, reference: written.reference)]
            where table[key] == nil {
                if let target = resolveUncached(key.reference, base: key.base) { table[key] = target }
            }
        }
        resolved = table
    }

    private mutating func index(
        _ value: JSONValue, at pointer: JSONPointer, base: String, references: inout [ReferenceKey]
    ) {
        switch value {
        case .object(let object):
            var base = base
            if let id = object["$id"]?.stringValue {
                let resolved = Self.join(base, id)
                base = resolved
                bases[pointer] = Self.stripFragment(resolved)
                resources[Self.stripFragment(resolved)] = pointer
                resources[Self.stripFragment(id)] = pointer
            }
            if let anchor = object["$anchor"]?.stringValue ?? object["$dynamicAnchor"]?.stringValue {
                anchors[Self.stripFragment(base) + "#" + anchor] = pointer
                anchors["#" + anchor] = anchors["#" + anchor] ?? pointer
            }
            for key in ["$ref", "$dynamicRef"] {
                guard let reference = object[key]?.stringValue else { continue }
                references.append(ReferenceKey(base: Self.stripFragment(base), reference: reference))
            }
            for member in object where member.key != "enum" && member.key != "const" {
                index(member.value, at: pointer.appending(member.key), base: base, references: &references)
            }
        case .array(let elements):
            for (offset, element) in elements.enumerated() {
                index(element, at: pointer.appending(offset), base: base, references: &references)
            }
        default:
            break
        }
    }

    /// The URI that references without a resource part are relative to: the root's `$id` resolved
    /// against `baseURI`.
    package private(set) var rootBase = ""

    /// The base URI in force at `pointer`: that of the nearest enclosing `$id`.
    ///
    /// `schema` is what the caller believes sits there; a location relative to a schema outside the
    /// document (which does not match) falls back to the root's base.
    package func base(at pointer: JSONPointer, for schema: JSONValue? = nil) -> String {
        guard bases.count > 1 || (bases.count == 1 && bases[.root] == nil) else { return rootBase }
        if let schema, pointer.resolve(in: root) != schema { return rootBase }
        var current = pointer
        while true {
            if let base = bases[current] { return base }
            if current.isRoot { return rootBase }
            current = current.parent
        }
    }

    /// The schema a `$ref` names, and its location in the document.
    ///
    /// References resolve against the root's base URI (not the base of the referencing
    /// subschema), which is exact for documents whose nested `$id`s are absolute or absent.
    package func resolve(_ reference: String, base: String? = nil) -> Target? {
        let key = ReferenceKey(base: base ?? rootBase, reference: reference)
        if let found = resolved[key] { return found }
        return resolveUncached(reference, base: key.base)
    }

    private func resolveUncached(_ reference: String, base: String) -> Target? {
        let hashIndex = reference.firstIndex(of: "#")
        let resourcePart = hashIndex.map { String(reference[..<$0]) } ?? reference
        let fragment = hashIndex.map { String(reference[reference.index(after: $0)...]) } ?? ""
        let absolute = resourcePart.isEmpty ? base : Self.stripFragment(Self.join(base, resourcePart))
        var resource = JSONPointer.root
        if absolute != rootBase {
            guard let found = resources[absolute] ?? resources[resourcePart] else { return nil }
            resource = found
        }
        if fragment.isEmpty {
            return resource.resolve(in: root).map { ($0, resource) }
        }
        if fragment.hasPrefix("/") {
            guard let pointer = JSONPointer(Self.percentDecode(fragment)) else { return nil }
            let full = JSONPointer(tokens: resource.tokens + pointer.tokens)
            return full.resolve(in: root).map { ($0, full) }
        }
        let candidates = [absolute + "#" + fragment, resourcePart + "#" + fragment, "#" + fragment]
        guard let pointer = candidates.lazy.compactMap({ anchors[$0] }).first else { return nil }
        return pointer.resolve(in: root).map { ($0, pointer) }
    }

    private static func stripFragment(_ uri: String) -> String {
        uri.firstIndex(of: "#").map { String(uri[..<$0]) } ?? uri
    }

    /// Minimal RFC 3986 joining: absolute references win, otherwise replace the last path segment.
    package static func join(_ base: String, _ reference: String) -> String {
        if reference.contains("://") || reference.hasPrefix("urn:") || base.isEmpty { return reference }
        if reference.hasPrefix("#") { return stripFragment(base) + reference }
        let trimmed = stripFragment(base)
        if reference.hasPrefix("/"), let scheme = trimmed.range(of: "://") {
            let authorityEnd = trimmed[scheme.upperBound...].firstIndex(of: "/") ?? trimmed.endIndex
            return String(trimmed[..<authorityEnd]) + reference
        }
        let reference = reference.hasPrefix("./") ? String(reference.dropFirst(2)) : reference
        guard let slash = trimmed.lastIndex(of: "/") else { return reference }
        return String(trimmed[...slash]) + reference
    }

    private static func percentDecode(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
