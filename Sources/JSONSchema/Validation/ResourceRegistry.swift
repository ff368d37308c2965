import Foundation

/// The documents a compilation may use and the identifiers (`$id`, `$anchor`, `$dynamicAnchor`)
/// found in them, so that references resolve without any network access.
///
/// Documents are scanned lazily, only along keywords whose values are schemas, so an `$id` inside
/// `enum`, `const` or an unknown keyword is not mistaken for an identifier.
struct ResourceRegistry {
    private(set) var documents: [String: JSONValue]
    /// Absolute resource URI (no fragment) to its location.
    private(set) var resources: [String: SchemaLocation] = [:]
    /// `uri#anchor` to its location, for `$anchor` and `$dynamicAnchor`.
    private var anchors: [String: SchemaLocation] = [:]
    /// Resource URI to its `$dynamicAnchor` names and locations.
    private(set) var dynamicAnchors: [String: [String: SchemaLocation]] = [:]
    /// Base URI and absolute URI of every scanned schema object.
    private var scannedBase: [SchemaLocation: (base: String, absolute: String)] = [:]
    private var scannedDocuments: Set<String> = []
    private var deepScannedDocuments: Set<String> = []
    /// The base URI of documents that stand in for a place of another document (a schema built
    /// from parts of it), by document URI: their relative references resolve against that base.
    private var documentBases: [String: String] = [:]

    init(documents: [String: JSONValue]) {
        self.documents = [:]
        for (uri, value) in documents { self.documents[URIReference(uri).withoutFragment.text] = value }
        for (uri, value) in Self.embeddedDocuments where self.documents[uri] == nil {
            self.documents[uri] = value
        }
    }

    /// The embedded meta-schemas, parsed once per process rather than once per compiled schema.
    private static let embeddedDocuments: [String: JSONValue] = {
        var parsed: [String: JSONValue] = [:]
        for (uri, text) in EmbeddedMetaSchemas.documents {
            if let value = try? JSONParser.parse(text) { parsed[uri] = value }
        }
        return parsed
    }()

    /// Adds a document under `uri`; `base`, when given, is the base URI its references resolve
    /// against instead of `uri` (a schema made of parts of the document at `base`).
    mutating func addDocument(_ value: JSONValue, uri: String, base: String? = nil) {
        documents[uri] = value
        if let base { documentBases[uri] = base }
    }

    func value(at location: SchemaLocation) -> JSONValue? {
        documents[location.document].flatMap { location.pointer.resolve(in: $0) }
    }

    /// The base URI in effect at `location` and the node's absolute URI, scanning if needed.
    mutating func baseInfo(at location: SchemaLocation) -> (base: String, absolute: String) {
        if let known = scannedBase[location] { return known }
        scanDocument(location.document)
        if let known = scannedBase[location] { return known }
        var ancestor = location.pointer
        var inherited = (base: location.document, absolute: location.document + "#")
        while !ancestor.isRoot {
            ancestor = ancestor.parent
            if let known = scannedBase[SchemaLocation(document: location.document, pointer: ancestor)] {
                inherited = known
                break
            }
        }
        let resourceRoot = resources[inherited.base]
        let relative = resourceRoot.map {
            JSONPointer(tokens: Array(location.pointer.tokens.dropFirst($0.pointer.tokens.count)))
        }
        let absolute = inherited.base + "#" + (relative ?? location.pointer).description
        if let value = value(at: location) {
            scan(value, at: location, base: inherited.base, resourcePointer: resourceRoot?.pointer ?? .root)
        }
        return scannedBase[location] ?? (inherited.base, absolute)
    }

    mutating func scanDocument(_ uri: String) {
        guard !scannedDocuments.contains(uri), let root = documents[uri] else { return }
        scannedDocuments.insert(uri)
        if resources[uri] == nil { resources[uri] = SchemaLocation(document: uri, pointer: .root) }
        scan(
            root, at: SchemaLocation(document: uri, pointer: .root), base: documentBases[uri] ?? uri,
            resourcePointer: .root)
    }

    private static let schemaMaps: Set<String> = [
        "$defs", "definitions", "properties", "patternProperties", "dependentSchemas", "dependencies",
    ]
    private static let schemaLists: Set<String> = ["allOf", "anyOf", "oneOf", "prefixItems"]
    private static let singleSchemas: Set<String> = [
        "not", "if", "then", "else", "items", "contains", "additionalProperties", "propertyNames",
        "unevaluatedItems", "unevaluatedProperties", "contentSchema",
    ]

    private mutating func scan(
        _ value: JSONValue, at location: SchemaLocation, base: String, resourcePointer: JSONPointer
    ) {
        guard case .object(let object) = value, scannedBase[location] == nil else { return }
        var base = base
        var resourcePointer = resourcePointer
        if case .string(let id) = object["$id"] {
            base = URIReference.resolve(id, against: base).withoutFragment.text
            resourcePointer = location.pointer
            if resources[base] == nil { resources[base] = location }
        }
        let relative = JSONPointer(
            tokens: Array(location.pointer.tokens.dropFirst(resourcePointer.tokens.count)))
        scannedBase[location] = (base, base + "#" + relative.description)
        if case .string(let anchor) = object["$anchor"] { anchors[base + "#" + anchor] = location }
        if case .string(let anchor) = object["$dynamicAnchor"] {
            anchors[base + "#" + anchor] = location
            dynamicAnchors[base, default: [:]][anchor] = location
        }
        for (key, child) in object {
            let childLocation = SchemaLocation(
                document: location.document, pointer: location.pointer.appending(key))
            if Self.schemaMaps.contains(key), case .object(let members) = child {
                for (name, schema) in members {
                    let pointer = childLocation.pointer.appending(name)
                    scan(
                        schema, at: SchemaLocation(document: location.document, pointer: pointer), base: base,
                        resourcePointer: resourcePointer)
                }
            } else if Self.schemaLists.contains(key) || key == "items", case .array(let elements) = child {
                for (index, schema) in elements.enumerated() {
                    let pointer = childLocation.pointer.appending(index)
                    scan(
                        schema, at: SchemaLocation(document: location.document, pointer: pointer), base: base,
                        resourcePointer: resourcePointer)
                }
            } else if Self.singleSchemas.contains(key) {
                scan(child, at: childLocation, base: base, resourcePointer: resourcePointer)
            }
        }
    }

    /// Resolves a reference against `base` to a location in a known document.
    mutating func resolve(_ reference: String, base: String) -> SchemaLocation? {
        let absolute = URIReference.resolve(reference, against: base)
        let uri = absolute.withoutFragment.text
        guard let resource = lookUpResource(uri) else { return nil }
        let fragment = (absolute.fragment ?? "").removingPercentEncoding ?? ""
        if fragment.isEmpty { return resource }
        if fragment.hasPrefix("/") {
            guard let pointer = JSONPointer(fragment) else { return nil }
            let location = SchemaLocation(
                document: resource.document,
                pointer: JSONPointer(tokens: resource.pointer.tokens + pointer.tokens))
            return value(at: location) == nil ? nil : location
        }
        if let found = anchors[uri + "#" + fragment] { return found }
        scanIdentifiersEverywhere(in: resource.document)
        return anchors[uri + "#" + fragment]
    }

    /// A fallback for documents that are not schemas themselves (contracts, OpenAPI files): finds
    /// `$id` and `$anchor` in objects outside the already scanned schemas, scanning each such object
    /// as a schema with the base URI inherited from its nearest scanned ancestor.
    private mutating func scanIdentifiersEverywhere(in document: String) {
        guard !deepScannedDocuments.contains(document), let root = documents[document] else { return }
        deepScannedDocuments.insert(document)
        var pending: [(JSONValue, JSONPointer)] = [(root, .root)]
        while let (value, pointer) = pending.popLast() {
            switch value {
            case .object(let object):
                if object["$id"] != nil || object["$anchor"] != nil || object["$dynamicAnchor"] != nil {
                    _ = baseInfo(at: SchemaLocation(document: document, pointer: pointer))
                }
                for (key, child) in object { pending.append((child, pointer.appending(key))) }
            case .array(let elements):
                for (index, child) in elements.enumerated() {
                    pending.append((child, pointer.appending(index)))
                }
            default:
                break
            }
        }
    }

    private mutating func lookUpResource(_ uri: String) -> SchemaLocation? {
        if let found = resources[uri] { return found }
        if documents[uri] != nil {
            scanDocument(uri)
            return resources[uri]
        }
        for document in documents.keys.sorted() where !scannedDocuments.contains(document) {
            scanDocument(document)
            if let found = resources[uri] { return found }
        }
        return nil
    }

    /// Whether `location`'s node was reached as a `$dynamicAnchor` named `anchor` in its resource.
    func isDynamicAnchor(_ anchor: String, at location: SchemaLocation, resource: String) -> Bool {
        dynamicAnchors[resource]?[anchor] == location
    }
}
