/// Turns schema JSON into a `CompiledProgram`: resolves every reference, checks every keyword
/// value and converts it into a typed `Keyword`, once, so validation does no interpretation.
struct SchemaCompiler {
    var registry: ResourceRegistry
    let options: SchemaOptions
    private var nodes: [SchemaNode?] = []
    private var cache: [SchemaLocation: Int] = [:]
    private var resourceIndexes: [String: Int] = [:]
    private var resources: [CompiledResource] = []
    private var resourceDialects: [String: Dialect] = [:]
    /// How deep `compile` is in its own recursion.
    private var nesting = 0
    private static let maximumNesting = 512
    /// Resources whose `$dynamicAnchor`s are compiled, for programs that share nodes between roots.
    private var anchorCursor = 0

    init(registry: ResourceRegistry, options: SchemaOptions) {
        self.registry = registry
        self.options = options
    }

    var defaultDialect: Dialect { Dialect(assertsFormats: options.assertsFormats) }

    mutating func compileProgram(root: SchemaLocation) throws(SchemaError) -> CompiledProgram {
        let base = registry.baseInfo(at: root).base
        let rootIndex = try compile(root, dialect: try dialect(ofResource: base))
        var next = 0
        while next < resources.count {
            let uri = resources[next].uri
            for (name, location) in (registry.dynamicAnchors[uri] ?? [:]).sorted(by: { $0.key < $1.key }) {
                let index = try compile(location, dialect: try dialect(ofResource: uri))
                resources[next].dynamicAnchors[name] = index
            }
            next += 1
        }
        var built: [SchemaNode] = []
        built.reserveCapacity(nodes.count)
        for node in nodes {
            guard let node else { throw .invalidSchema(pointer: root.pointer, found: "an incomplete schema") }
            built.append(node)
        }
        return CompiledProgram(
            nodes: built, resources: resources, root: rootIndex,
            recursionLimitMatches: options.leniency.contains(.recursionLimit))
    }

    /// Compiles one more root into the nodes shared by every root compiled so far, so a schema that
    /// many roots reference is compiled once. A root that fails leaves the shared nodes as they were.
    mutating func compileSharedRoot(_ root: SchemaLocation) throws(SchemaError) -> Int {
        let nodeCount = nodes.count
        let resourceCount = resources.count
        let cursor = anchorCursor
        do {
            let base = registry.baseInfo(at: root).base
            let rootIndex = try compile(root, dialect: try dialect(ofResource: base))
            while anchorCursor < resources.count {
                let uri = resources[anchorCursor].uri
                for (name, location) in (registry.dynamicAnchors[uri] ?? [:]).sorted(by: { $0.key < $1.key })
                {
                    let index = try compile(location, dialect: try dialect(ofResource: uri))
                    resources[anchorCursor].dynamicAnchors[name] = index
                }
                anchorCursor += 1
            }
            return rootIndex
        } catch {
            nodes.removeSubrange(nodeCount...)
            cache = cache.filter { $0.value < nodeCount }
            resources.removeSubrange(resourceCount...)
            resourceIndexes = resourceIndexes.filter { $0.value < resourceCount }
            anchorCursor = min(cursor, resources.count)
            throw error
        }
    }

    /// The shared nodes and resources, once every root compiled; nil if a node is incomplete.
    func sharedProgramParts() -> (nodes: [SchemaNode], resources: [CompiledResource])? {
        var built: [SchemaNode] = []
        built.reserveCapacity(nodes.count)
        for node in nodes {
            guard let node else { return nil }
            built.append(node)
        }
        return (built, resources)
    }

    /// The node index for the schema at `location`, compiling it on first use.
    mutating func compile(_ location: SchemaLocation, dialect: Dialect) throws(SchemaError) -> Int {
        if let index = cache[location] { return index }
        guard let value = registry.value(at: location) else {
            throw .unresolvableReference(
                ref: location.document + "#" + location.pointer.description, pointer: location.pointer)
        }
        // Compilation recurses into subschemas and references not yet compiled: a chain of
        // thousands (generated descriptions) would exhaust the stack, so it is refused instead.
        guard nesting < Self.maximumNesting else {
            throw .invalidSchema(
                pointer: location.pointer,
                found: "subschemas and references nested more than \(Self.maximumNesting) deep")
        }
        nesting += 1
        defer { nesting -= 1 }
        let index = nodes.count
        nodes.append(nil)
        cache[location] = index
        let info = registry.baseInfo(at: location)
        let resource = resourceIndex(info.base)
        switch value {
        case .bool(let constant):
            nodes[index] = SchemaNode(
                constant: constant, keywords: [], resource: resource, absoluteLocation: info.absolute)
        case .object(let object):
            var dialect = dialect
            if let declared = object["$schema"] {
                guard case .string(let uri) = declared else {
                    throw .invalidKeyword(
                        pointer: location.pointer, keyword: "$schema", expected: "a URI string")
                }
                dialect = try self.dialect(metaSchema: uri, pointer: location.pointer)
            }
            let context = KeywordContext(
                object: object, location: location, base: info.base, dialect: dialect,
                acceptsUncompilablePatterns: options.leniency.contains(.uncompilablePatterns))
            let keywords = try compileKeywords(context)
            nodes[index] = SchemaNode(
                constant: nil, keywords: keywords, resource: resource, absoluteLocation: info.absolute)
        default:
            throw .invalidSchema(pointer: location.pointer, found: value.typeName)
        }
        return index
    }

    private mutating func resourceIndex(_ uri: String) -> Int {
        if let index = resourceIndexes[uri] { return index }
        resources.append(CompiledResource(uri: uri, dynamicAnchors: [:]))
        resourceIndexes[uri] = resources.count - 1
        return resources.count - 1
    }

    /// The dialect of the resource `uri`, from the `$schema` at its root.
    mutating func dialect(ofResource uri: String) throws(SchemaError) -> Dialect {
        if let known = resourceDialects[uri] { return known }
        var result = defaultDialect
        if let location = registry.resources[uri],
            case .string(let metaSchema) = registry.value(at: location)?["$schema"]
        {
            result = try dialect(metaSchema: metaSchema, pointer: location.pointer)
        }
        resourceDialects[uri] = result
        return result
    }

    private mutating func dialect(metaSchema uri: String, pointer: JSONPointer) throws(SchemaError) -> Dialect
    {
        let key = URIReference(uri).withoutFragment.text
        if key == "https://json-schema.org/draft/2020-12/schema" { return defaultDialect }
        guard let location = registry.resolve(key, base: key), let metaSchema = registry.value(at: location)
        else {
            throw .unknownDialect(uri: uri, pointer: pointer)
        }
        guard case .object(let vocabulary) = metaSchema["$vocabulary"] else { return defaultDialect }
        return try Dialect.from(
            vocabulary: vocabulary, assertsFormats: options.assertsFormats, pointer: pointer)
    }

    /// Resolves a `$ref`-style reference and compiles its target in the target resource's dialect.
    mutating func compileReference(_ reference: String, context: KeywordContext, keyword: String)
        throws(SchemaError) -> (index: Int, location: SchemaLocation)
    {
        guard let target = registry.resolve(reference, base: context.base) else {
            if options.leniency.contains(.unresolvedReferences) {
                return (matchingEverything(at: context.location, base: context.base), context.location)
            }
            throw .unresolvableReference(ref: reference, pointer: context.location.pointer.appending(keyword))
        }
        let targetBase = registry.baseInfo(at: target).base
        let index = try compile(target, dialect: try dialect(ofResource: targetBase))
        return (index, target)
    }

    /// A node that every value satisfies, standing for a reference the lenient options let through.
    private mutating func matchingEverything(at location: SchemaLocation, base: String) -> Int {
        nodes.append(
            SchemaNode(
                constant: true, keywords: [], resource: resourceIndex(base),
                absoluteLocation: base + "#" + location.pointer.description))
        return nodes.count - 1
    }

    func isDynamicAnchor(_ anchor: String, at location: SchemaLocation, reference: String, base: String)
        -> Bool
    {
        let resource = URIReference.resolve(reference, against: base).withoutFragment.text
        return registry.isDynamicAnchor(anchor, at: location, resource: resource)
    }
}
