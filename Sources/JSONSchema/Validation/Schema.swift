/// A compiled JSON Schema (draft 2020-12), ready to validate many instances.
///
/// Compile once and reuse: compilation resolves references, checks keyword values and compiles
/// regular expressions, so validation only walks the instance. A `Schema` is immutable and can be
/// shared between threads.
public struct Schema: Sendable {
    let program: CompiledProgram

    /// Compiles a standalone schema document.
    ///
    /// - Parameter baseURI: the document's URI when it has no `$id`; relative references
    ///   resolve against it.
    public init(_ schema: JSONValue, baseURI: String = "urn:conform:schema", options: SchemaOptions = .init())
        throws(SchemaError)
    {
        try self.init(document: schema, at: .root, baseURI: baseURI, options: options)
    }

    /// Compiles the subschema at `pointer` inside a larger document that is not itself a schema
    /// (a contract file or an OpenAPI document), so that `$ref: "#/schemas/MenuItem"` resolves
    /// against `document`.
    public init(
        document: JSONValue, at pointer: JSONPointer, baseURI: String, options: SchemaOptions = .init()
    ) throws(SchemaError) {
        let uri = URIReference(baseURI).withoutFragment.text
        var registry = ResourceRegistry(documents: options.documents)
        registry.addDocument(document, uri: uri)
        guard pointer.resolve(in: document) != nil else { throw .pointerNotFound(pointer: pointer) }
        var compiler = SchemaCompiler(registry: registry, options: options)
        program = try compiler.compileProgram(root: SchemaLocation(document: uri, pointer: pointer))
    }

    /// Validates `instance` and reports every error, with locations and messages.
    public func validate(_ instance: JSONValue) -> ValidationResult {
        // The evaluator recurses per level: a deep instance gets a stack of its own (`LargeStack`).
        LargeStack.run(depth: instance.nestingDepth(upTo: LargeStack.inlineDepth)) { evaluate(instance) }
    }

    /// Whether `instance` is valid; stops at the first failure and builds no messages.
    public func isValid(_ instance: JSONValue) -> Bool {
        LargeStack.run(depth: instance.nestingDepth(upTo: LargeStack.inlineDepth)) {
            evaluate(instance, verbose: false).isValid
        }
    }

    /// Whether `instance` is valid, for a caller that already runs on a ``LargeStack`` thread (the
    /// contract loader): the instance is not measured first, which for a large document costs a
    /// walk of nearly all of it.
    package func isValidOnLargeStack(_ instance: JSONValue) -> Bool {
        evaluate(instance, verbose: false).isValid
    }

    /// Every error of `instance`, for a caller that already runs on a ``LargeStack`` thread; see
    /// ``isValidOnLargeStack(_:)``.
    package func validateOnLargeStack(_ instance: JSONValue) -> ValidationResult {
        evaluate(instance)
    }

    /// The evaluator's verdict, on the caller's stack: for callers that already know the depth.
    func evaluate(_ instance: JSONValue, verbose: Bool = true) -> ValidationResult {
        var evaluator = Evaluator(program: program, verbose: verbose)
        let valid = evaluator.validate(instance)
        return ValidationResult(isValid: valid, errors: valid ? [] : evaluator.errors)
    }
}
