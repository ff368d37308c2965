/// Compiles many subschemas of one document together, so the schemas they reference are compiled
/// once for all of them.
///
/// A contract converted from a large OpenAPI description has hundreds of request and response
/// schemas that reach the same named schemas through `$ref`; compiled one by one, each would
/// recompile the whole graph it reaches, which costs time and memory in proportion to the number of
/// roots times the size of the graph. Compiled as a batch, every node exists once and each
/// ``Schema`` shares the program.
public enum SchemaBatch {
    /// The compiled schema (or why it does not compile) at each of `pointers` in `document`.
    ///
    /// - Parameters:
    ///   - document: a document that holds schemas (a contract, an OpenAPI document).
    ///   - pointers: where the schemas stand; a pointer listed twice is compiled once.
    ///   - baseURI: the document's URI, against which relative references resolve.
    ///   - options: the options every schema is compiled with.
    /// - Returns: one result per distinct pointer; a failure of one does not affect the others.
    public static func compile(
        document: JSONValue, at pointers: [JSONPointer], baseURI: String, options: SchemaOptions = .init()
    ) -> [JSONPointer: Result<Schema, SchemaError>] {
        let uri = URIReference(baseURI).withoutFragment.text
        var registry = ResourceRegistry(documents: options.documents)
        registry.addDocument(document, uri: uri)
        var compiler = SchemaCompiler(registry: registry, options: options)
        var roots: [JSONPointer: Result<Int, SchemaError>] = [:]
        for pointer in pointers where roots[pointer] == nil {
            guard pointer.resolve(in: document) != nil else {
                roots[pointer] = .failure(.pointerNotFound(pointer: pointer))
                continue
            }
            do {
                roots[pointer] = .success(
                    try compiler.compileSharedRoot(SchemaLocation(document: uri, pointer: pointer)))
            } catch {
                roots[pointer] = .failure(error)
            }
        }
        let parts = compiler.sharedProgramParts()
        var result: [JSONPointer: Result<Schema, SchemaError>] = [:]
        let dynamicScope = parts.map { CompiledProgram.anyDynamicScope(in: $0.nodes) } ?? false
        for (pointer, root) in roots {
            switch root {
            case .failure(let error):
                result[pointer] = .failure(error)
            case .success(let index):
                guard let parts else {
                    result[pointer] = .failure(
                        .invalidSchema(pointer: pointer, found: "an incomplete schema"))
                    continue
                }
                let program = CompiledProgram(
                    nodes: parts.nodes, resources: parts.resources, root: index,
                    usesDynamicScope: dynamicScope)
                result[pointer] = .success(Schema(sharing: program))
            }
        }
        return result
    }
}

extension Schema {
    /// A schema whose program shares its nodes with the other roots of a ``SchemaBatch``.
    init(sharing program: CompiledProgram) { self.program = program }
}
