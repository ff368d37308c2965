public import JSONSchema
import Synchronization

/// Generates JSON instances that are valid for a JSON Schema 2020-12, reproducibly from a seed.
///
/// Contract tests need payloads that a correct server must accept; an instance that breaks its own
/// schema would make the test, not the server, wrong. The generator therefore builds values keyword
/// by keyword and then checks each one against the (merged) schema, retrying with fresh randomness
/// and throwing `GenerationError` rather than ever returning a value it knows to be invalid.
///
/// `$ref`s resolve against `document`, so a schema can live inside a larger contract file:
/// ```swift
/// let generator = InstanceGenerator(document: contract)
/// var rng = SeededRandom(seed: 7)
/// let item = try generator.instance(for: ["$ref": "#/schemas/MenuItem"], using: &rng)
/// ```
public struct InstanceGenerator: Sendable {
    /// Size and shape knobs; the defaults keep payloads small enough to read in a failure report.
    public struct Configuration: Sendable {
        /// Longest random array unless `minItems` demands more.
        public var maxArrayLength: Int
        /// Longest random string (in code points) unless `minLength` demands more.
        public var maxStringLength: Int
        /// Nesting depth after which optional members are left out and non-recursive branches preferred.
        public var maxDepth: Int
        /// Chance that an optional property is present.
        public var optionalPropertyProbability: Double
        /// Chance of adding a key validated by an `additionalProperties` schema.
        public var extraPropertyProbability: Double
        /// Length of the "very long string" boundary case when `maxLength` allows it.
        public var longStringLength: Int
        /// Candidates tried for one schema location before giving up.
        public var attemptsPerValue: Int

        public init(
            maxArrayLength: Int = 5, maxStringLength: Int = 24, maxDepth: Int = 6,
            optionalPropertyProbability: Double = 0.5, extraPropertyProbability: Double = 0.3,
            longStringLength: Int = 4096, attemptsPerValue: Int = 24
        ) {
            self.maxArrayLength = maxArrayLength
            self.maxStringLength = maxStringLength
            self.maxDepth = maxDepth
            self.optionalPropertyProbability = optionalPropertyProbability
            self.extraPropertyProbability = extraPropertyProbability
            self.longStringLength = longStringLength
            self.attemptsPerValue = attemptsPerValue
        }
    }

    package let document: SchemaDocument
    public let configuration: Configuration
    /// The package's one validator over `document`'s schemas, with generation's leniencies
    /// (`validatorOptions`): each schema is compiled once and shared by every copy of this generator.
    package let validator: DocumentValidator
    /// What each schema location flattened to, shared by every copy of this generator.
    package let flattened = FlattenCache()

    /// - Parameters:
    ///   - document: the root that `$ref`s resolve against (a contract file, or the schema itself).
    ///   - baseURI: the document's URI, for `$ref`s spelled as absolute URIs.
    public init(document: JSONValue, baseURI: String = "", configuration: Configuration = Configuration()) {
        self.document = SchemaDocument.shared(root: document, baseURI: baseURI)
        self.configuration = configuration
        self.validator = DocumentValidator(root: document, baseURI: baseURI, options: Self.validatorOptions)
    }

    /// The generator of `document` with the default configuration, made once per process and
    /// shared, with what it learns of each schema location (``FlattenCache``): the embedded mock,
    /// the replayer and the fuzzers of one run build values from one generator.
    public static func shared(document: JSONValue, baseURI: String = "") -> InstanceGenerator {
        sharedGenerators.withLock { kept in
            if let found = kept.first(where: {
                $0.document.baseURI == baseURI && $0.document.root == document
            }) {
                return found
            }
            let made = InstanceGenerator(document: document, baseURI: baseURI)
            kept.append(made)
            if kept.count > 8 { kept.removeFirst() }
            return made
        }
    }

    private static let sharedGenerators = Mutex<[InstanceGenerator]>([])

    /// A random instance valid for `schema`; the same `rng` state always gives the same instance.
    public func instance(for schema: JSONValue, using rng: inout SeededRandom) throws(GenerationError)
        -> JSONValue
    {
        var context = Context(rng: rng)
        defer { rng = context.rng }
        return try generate(schema, at: .root, depth: 0, context: &context)
    }

    /// A random instance for the schema at `pointer` in the document.
    public func instance(at pointer: JSONPointer, using rng: inout SeededRandom) throws(GenerationError)
        -> JSONValue
    {
        guard let schema = pointer.resolve(in: document.root) else {
            throw GenerationError(.unresolvableReference, at: pointer, "no schema at this pointer")
        }
        var context = Context(rng: rng)
        defer { rng = context.rng }
        return try generate(schema, at: pointer, depth: 0, context: &context)
    }

    /// Whether `value` satisfies `schema` as the package's validator judges it, with `format` an
    /// annotation and the generator's other leniencies (``validatorOptions``).
    public func conforms(_ value: JSONValue, to schema: JSONValue) -> Bool {
        matches(value, schema)
    }

    package struct Context {
        var rng: SeededRandom
        var budget = 20_000
        /// What this instance's parts were verified against, so no level re-checks a lower one.
        let memo: VerdictMemo
        /// Whether an enclosing level will check the value being built against its own schema
        /// (and so wants this level's verdict in the memo); false under constructive levels only.
        var enclosingCheck = false

        init(rng: SeededRandom, memo: VerdictMemo = VerdictMemo()) {
            self.rng = rng
            self.memo = memo
        }
    }

    /// Generates for one schema location: flatten, decide choices, build, verify, retry.
    package func generate(_ schema: JSONValue, at location: JSONPointer, depth: Int, context: inout Context)
        throws(GenerationError) -> JSONValue
    {
        try generate(
            flattened.planned(schema, at: location, generator: self), depth: depth, context: &context)
    }

    package func generate(_ constraints: Constraints, depth: Int, context: inout Context)
        throws(GenerationError)
        -> JSONValue
    {
        guard depth <= GenerationLimits.nesting else {
            throw GenerationError(
                .tooDeep, at: constraints.location,
                "the value would nest deeper than \(GenerationLimits.nesting) levels (GenerationLimits.nesting)"
            )
        }
        var lastError = GenerationError(
            .exhausted, at: constraints.location, "no candidate satisfied the schema")
        var tooDeepFailures = 0
        for _ in 0..<configuration.attemptsPerValue {
            context.budget -= 1
            guard context.budget > 0 else {
                throw GenerationError(.exhausted, at: constraints.location, "generation budget exhausted")
            }
            do throws(GenerationError) {
                let enclosing = context.enclosingCheck
                context.enclosingCheck = enclosing || !constraints.isConstructive
                let built: Result<JSONValue, GenerationError>
                do throws(GenerationError) {
                    built = .success(
                        try decideChoices(constraints, depth: depth, decided: 0, context: &context))
                } catch {
                    built = .failure(error)
                }
                context.enclosingCheck = enclosing
                let value = try built.get()
                if constraints.isConstructive {
                    // Built valid by construction (see `Constraints.isConstructive`): checking it
                    // again would walk what each part's builder already verified.
                    if enclosing {
                        context.memo.recordValid(value, constraints.checkSchema)
                    }
                    return value
                }
                let schema = constraints.checkSchema
                if matches(value, schema, at: constraints.location, memo: context.memo) {
                    context.memo.recordValid(value, schema)
                    return value
                }
            } catch {
                lastError = error
                // Past the soft depth only required members are built, so another attempt meets the
                // same limit again, and above it one more attempt (other optional members, another
                // length) is worth a try, not 24: each level retrying would cost attempts to the
                // power of the depth.
                if error.reason == .tooDeep { tooDeepFailures += 1 }
                let tooDeepAgain =
                    error.reason == .tooDeep && (depth >= configuration.maxDepth || tooDeepFailures >= 2)
                if error.reason == .contradictory || error.reason == .unresolvableReference
                    || error.reason == .invalidSchema || tooDeepAgain
                {
                    throw error
                }
            }
        }
        throw lastError
    }

    /// Picks a branch for each pending `anyOf`/`oneOf`/`if`, merges it, and builds the value.
    private func decideChoices(_ constraints: Constraints, depth: Int, decided: Int, context: inout Context)
        throws(GenerationError) -> JSONValue
    {
        guard let choice = constraints.choices.first else {
            return try build(constraints, depth: depth, context: &context)
        }
        guard decided < GenerationLimits.choices else {
            throw GenerationError(
                .exhausted, at: choice.location,
                "more than \(GenerationLimits.choices) anyOf/oneOf/if choices at one place (GenerationLimits.choices)"
            )
        }
        var rest = constraints
        rest.choices.removeFirst()
        var branches = Array(choice.branches.enumerated())
        branches = context.rng.shuffled(branches)
        if depth >= configuration.maxDepth / 2 {
            let plain = branches.filter { !Self.mentionsReference($0.element) }
            branches = plain + branches.filter { Self.mentionsReference($0.element) }
        }
        var lastError = GenerationError(.contradictory, at: choice.location, "no branch can be satisfied")
        var overlap: GenerationError?
        for (offset, branch) in branches {
            do throws(GenerationError) {
                let branchConstraints = try flatten(branch, at: choice.location.appending(offset), hops: 0)
                var merged = try rest.merging(branchConstraints)
                merged.location = constraints.location
                let value = try decideChoices(merged, depth: depth, decided: decided + 1, context: &context)
                if choice.kind == .oneOf {
                    let others = choice.branches.enumerated().filter { $0.offset != offset }
                    let memo = context.memo
                    if others.contains(where: {
                        matches(value, $0.element, at: choice.location.appending($0.offset), memo: memo)
                    }) {
                        overlap = GenerationError(
                            .exhausted, at: choice.location, "the value also matched another oneOf branch")
                        continue
                    }
                }
                return value
            } catch {
                lastError = error
            }
        }
        throw overlap ?? lastError
    }

    package static func mentionsReference(_ schema: JSONValue) -> Bool {
        switch schema {
        case .object(let object):
            return object.contains { $0.key == "$ref" || mentionsReference($0.value) }
        case .array(let elements):
            return elements.contains(where: mentionsReference)
        default:
            return false
        }
    }
}
