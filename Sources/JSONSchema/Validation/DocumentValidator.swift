import Synchronization

/// The compiled validator over one document's schemas, for callers that judge many values against
/// schemas they meet as they go: each schema is compiled once, on first use, into nodes shared with
/// every schema compiled before it, so a `$ref` target reached from many places is compiled once.
///
/// `SchemaBatch` wants every root up front; the generator and the mutator cannot list theirs. They
/// check values against subschemas of the document (a `oneOf` branch, the schema at a location)
/// and against schemas that are in no document at all: a merge the generator built, a schema a
/// caller passed in. Such an unplaced schema is compiled as a document of its own whose references
/// resolve against the root of this one, as if it stood there.
///
/// ```swift
/// let validator = DocumentValidator(root: contract, baseURI: "file:///contract.json")
/// validator.isValid(value, against: ["$ref": "#/schemas/MenuItem"])
/// ```
package final class DocumentValidator: Sendable {
    private let state: Mutex<State>

    /// - Parameters:
    ///   - root: the document that references resolve against.
    ///   - baseURI: its URI; a stand-in URI when empty.
    ///   - options: what every schema is compiled with, its leniencies included.
    package init(root: JSONValue, baseURI: String, options: SchemaOptions = .init()) {
        state = Mutex(State(root: root, baseURI: baseURI, options: options))
    }

    /// Whether `value` satisfies `schema`.
    ///
    /// `location` is where the caller found `schema` in the document, when it knows: a schema that
    /// stands there is compiled in place (its `$id`s and base URIs as written), any other is compiled
    /// unplaced. A schema that does not compile under the options tells nothing about values and
    /// is matched by every one, as an unresolvable reference is under the generator's leniencies.
    package func isValid(_ value: JSONValue, against schema: JSONValue, at location: JSONPointer? = nil)
        -> Bool
    {
        if case .bool(let constant) = schema { return constant }
        guard let compiled = compiled(schema, at: location) else { return true }
        return compiled.isValid(value)
    }

    /// The compiled `schema`, or nil when it does not compile; see `isValid(_:against:at:)`.
    package func compiled(_ schema: JSONValue, at location: JSONPointer? = nil) -> Schema? {
        state.withLock { $0.compiled(schema, at: location) }
    }

    /// The compiler and what it compiled so far, behind the lock.
    private struct State {
        let root: JSONValue
        let baseURI: String
        let options: SchemaOptions
        var compiler: SchemaCompiler
        /// The base URI at the document's root, which unplaced schemas resolve against.
        var rootBase: String
        var compiled: [PlacedSchema: Schema?] = [:]
        var unplaced = 0

        /// Past this many schemas the compiled nodes are dropped and compiling starts again, so a
        /// long fuzz run's merges cannot grow the program without bound.
        static let capacity = 4096

        init(root: JSONValue, baseURI: String, options: SchemaOptions) {
            self.root = root
            self.baseURI =
                URIReference(baseURI.isEmpty ? "urn:conform:document" : baseURI).withoutFragment.text
            self.options = options
            var registry = ResourceRegistry(documents: options.documents)
            registry.addDocument(root, uri: self.baseURI)
            rootBase = registry.baseInfo(at: SchemaLocation(document: self.baseURI, pointer: .root)).base
            compiler = SchemaCompiler(registry: registry, options: options)
        }

        mutating func compiled(_ schema: JSONValue, at location: JSONPointer?) -> Schema? {
            let key = PlacedSchema(schema: schema, location: location)
            if let known = compiled[key] { return known }
            if compiled.count >= Self.capacity {
                self = State(root: root, baseURI: baseURI, options: options)
            }
            let placed = location.flatMap { $0.resolve(in: root) == schema ? $0 : nil }
            let made: Schema?
            if let placed {
                made = compile(SchemaLocation(document: baseURI, pointer: placed))
            } else {
                let unplacedKey = PlacedSchema(schema: schema, location: nil)
                if let known = compiled[unplacedKey] {
                    made = known
                } else {
                    unplaced += 1
                    let uri = "urn:conform:unplaced:\(unplaced)"
                    compiler.registry.addDocument(schema, uri: uri, base: rootBase)
                    made = compile(SchemaLocation(document: uri, pointer: .root))
                    compiled[unplacedKey] = made
                }
            }
            compiled[key] = made
            return made
        }

        private mutating func compile(_ location: SchemaLocation) -> Schema? {
            guard let root = try? compiler.compileSharedRoot(location),
                let parts = compiler.sharedProgramParts()
            else { return nil }
            return Schema(
                sharing: CompiledProgram(
                    nodes: parts.nodes, resources: parts.resources, root: root,
                    recursionLimitMatches: options.leniency.contains(.recursionLimit)))
        }
    }
}
