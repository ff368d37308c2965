import Foundation
import JSONSchema

/// Reads contract files: parses them with positions, decodes the model, and runs the linter, so a
/// broken contract is reported in full, each problem at `file:line:column`.
///
/// An OpenAPI 3.0/3.1 document (a top-level `openapi` key) is converted to a contract first, here
/// and only here, so every command that takes a contract also takes OpenAPI; its unmapped parts
/// become warnings, and every problem points into the OpenAPI file.
public enum ContractLoader {
    /// Why a contract could not be loaded: every problem found, errors first.
    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public var file: String?
        public var problems: [ContractProblem]

        public var description: String {
            let errors = problems.filter { $0.severity == .error }.count
            var lines = problems.map(\.description)
            lines.append("\(file ?? "contract"): \(errors) error\(errors == 1 ? "" : "s")")
            return lines.joined(separator: "\n")
        }
    }

    /// The outcome of reading a contract: the contract when it could be built, and every problem.
    public struct Outcome: Sendable {
        public var contract: Contract?
        public var problems: [ContractProblem]
        /// Where each place of the contract stands in the files read, for anything reported about
        /// the contract after loading; nil when no contract was built.
        public var locator: SourceLocator? = nil
        public var hasErrors: Bool { contract == nil || problems.contains { $0.severity == .error } }
        /// Whether the contract has no endpoints (a description with no operations): `lint` warns,
        /// but `run`, `fuzz` and `mock` refuse it, since a gate that tests nothing must not pass.
        public var testsNothing: Bool { contract?.endpoints.isEmpty == true }
        /// The problem that says the contract tests nothing, when it does.
        public var emptiness: ContractProblem? {
            guard testsNothing else { return nil }
            return problems.first { $0.message.contains("would test nothing") }
        }
        /// The warnings about the parts of a description that could not be loaded and were left out
        /// (operations, parameters, examples, schema keywords), also among ``problems``: what a run
        /// does not test, which `run`, `fuzz` and `mock` say before they start.
        public var leftOut: [ContractProblem] = []

        public init(
            contract: Contract?, problems: [ContractProblem], locator: SourceLocator? = nil,
            leftOut: [ContractProblem] = []
        ) {
            self.contract = contract
            self.problems = problems
            self.locator = locator
            self.leftOut = leftOut
        }
    }

    /// Loads and lints a contract file; fails when any error is found.
    public static func load(file path: String) throws(LoadError) -> Contract {
        let outcome = read(file: path)
        guard let contract = outcome.contract, !outcome.hasErrors else {
            throw LoadError(file: path, problems: outcome.problems)
        }
        return contract
    }

    /// Loads and lints contract text (for tests and for contracts that are not files).
    public static func load(bytes: [UInt8], file: String? = nil) throws(LoadError) -> Contract {
        let outcome = read(bytes: bytes, file: file)
        guard let contract = outcome.contract, !outcome.hasErrors else {
            throw LoadError(file: file, problems: outcome.problems)
        }
        return contract
    }

    /// Reads a description or contract named by a file path or an `http(s)://` URL (fetched with
    /// `fetcher`, see ``DescriptionFetcher``), and reports every problem, without failing.
    ///
    /// A fetched description is read alone: a `$ref` to another file is an error naming it, since
    /// Conform fetches nothing but the URL it is given (download the files and give the local path).
    public static func read(
        location: String, strict: Bool = false, fetcher: DescriptionFetcher = DescriptionFetcher()
    ) async -> Outcome {
        guard DescriptionFetcher.isURL(location) else { return read(file: location, strict: strict) }
        switch await fetcher.fetch(location) {
        case .bytes(let bytes):
            return read(bytes: bytes, fetchedFrom: location, strict: strict)
        case .problem(let problem):
            return Outcome(contract: nil, problems: [problem])
        }
    }

    /// Reads the bytes of a description fetched from `url` (named by its display name; its `$ref`s
    /// to other files are errors, see ``read(location:strict:fetcher:)``).
    public static func read(bytes: [UInt8], fetchedFrom url: String, strict: Bool = false) -> Outcome {
        read(bytes: bytes, file: DescriptionFetcher.displayName(of: url), strict: strict, isFetched: true)
    }

    /// Loads and lints a contract or description by path or URL; fails when any error is found.
    public static func load(location: String, fetcher: DescriptionFetcher = DescriptionFetcher())
        async throws(LoadError)
        -> Contract
    {
        let outcome = await read(location: location, fetcher: fetcher)
        guard let contract = outcome.contract, !outcome.hasErrors else {
            throw LoadError(file: DescriptionFetcher.displayName(of: location), problems: outcome.problems)
        }
        return contract
    }

    /// Reads a file and reports every problem, without failing (for `conform lint`).
    ///
    /// - Parameter lints: run the linter (schemas compiled, examples checked); a caller that only
    ///   reads the model, such as `conform compat`, skips that work.
    public static func read(file path: String, strict: Bool = false, lints: Bool = true) -> Outcome {
        guard let data = FileManager.default.contents(atPath: path) else {
            var reason = "cannot read the file"
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                reason = "no such file"
            } else if isDirectory.boolValue {
                reason = "is a directory, not a contract file"
            }
            return Outcome(contract: nil, problems: [ContractProblem(reason, at: .root, file: path)])
        }
        return read(bytes: Array(data), file: path, strict: strict, lints: lints)
    }

    /// Reads contract bytes and reports every problem.
    ///
    /// - Parameters:
    ///   - strict: keep the examples of an OpenAPI description that break their schema as
    ///     errors, and refuse the parts it cannot load; by default they are warnings and left out.
    ///   - lints: run the linter; see ``read(file:strict:lints:)``.
    public static func read(bytes: [UInt8], file: String? = nil, strict: Bool = false, lints: Bool = true)
        -> Outcome
    {
        read(bytes: bytes, file: file, strict: strict, lints: lints, isFetched: false)
    }

    /// Reads bytes, `isFetched` when they came from a URL (`file` is then that URL, and other files
    /// its `$ref`s name are not read).
    ///
    /// Bundling, conversion, decoding and linting walk the document by recursion, as deep as the
    /// readers allow (512 levels), while the caller may be on a 512 KiB thread of a task group: the
    /// whole read runs on a stack of its own (``LargeStack``), once per description.
    static func read(bytes: [UInt8], file: String?, strict: Bool, lints: Bool = true, isFetched: Bool)
        -> Outcome
    {
        LargeStack.run(depth: .max) {
            readHere(bytes: bytes, file: file, strict: strict, lints: lints, isFetched: isFetched)
        }
    }

    private static func readHere(bytes: [UInt8], file: String?, strict: Bool, lints: Bool, isFetched: Bool)
        -> Outcome
    {
        let document: JSONParser.Document
        var readingProblems: [ContractProblem] = []
        do {
            (document, readingProblems) = try parse(bytes, file: file, strict: strict)
        } catch {
            let problem = ContractProblem(
                "not valid \(error.format.rawValue): \(error.message)", at: .root, position: error.position,
                file: file)
            return Outcome(contract: nil, problems: [problem])
        }
        let (source, referenceProblems, bundler) =
            isFetched
            ? (document.value, fetchedReferenceProblems(in: document.value), nil)
            : bundled(document.value, file: file, strict: strict)
        var conversion: OpenAPIConversion?
        if OpenAPIConverter.isOpenAPI(source) {
            do {
                conversion = try OpenAPIConverter(document: source).convert()
            } catch {
                let problem = ContractProblem(
                    error.message, at: error.pointer,
                    position: document.sourceMap.keyPosition(of: error.pointer), file: file)
                return Outcome(contract: nil, problems: [problem])
            }
        }
        let sourceMap = conversion == nil ? document.sourceMap : JSONSourceMap()
        var (contract, problems, partial) = decodeLeavingOut(
            &conversion, source: source, file: file, sourceMap: sourceMap, strict: strict, lints: lints)
        if let conversion {
            problems = pointingIntoDescription(problems, conversion, source: source, strict: strict)
        }
        let degraded = problems.count
        problems += partial.warnings + referenceProblems + readingProblems
        let contractDocument = conversion?.contract ?? source
        if let built = contract, built.endpoints.isEmpty,
            contractDocument["endpoints"]?.arrayValue?.isEmpty == true
        {
            problems.append(
                emptinessProblem(
                    openAPI: conversion != nil, source: source, allSkipped: !partial.skipped.isEmpty))
        }
        let locator = SourceLocator(
            file: file, sourceMap: document.sourceMap, source: source, conversion: conversion,
            bundled: bundler?.bundledOrigins)
        let located = locate(problems, file: file, locator: locator)
        let leftOut = Array(located[degraded..<(degraded + partial.warnings.count)])
        contract?.skippedOperations = partial.skippedOperations(locatedAs: leftOut)
        contract?.serverURL = conversion?.serverURL
        return Outcome(
            contract: contract, problems: sorted(located), locator: contract == nil ? nil : locator,
            leftOut: leftOut)
    }

    /// The problems of a converted description pointing into the description, followed by the
    /// conversion's own warnings (errors under `strict` when they are slips of the description).
    private static func pointingIntoDescription(
        _ problems: [ContractProblem], _ conversion: OpenAPIConversion, source: JSONValue, strict: Bool
    ) -> [ContractProblem] {
        let moved = problems.map { problem in
            var problem = problem
            problem.pointer = conversion.openAPIPointer(for: problem.pointer, in: source)
            return problem
        }
        return moved
            + conversion.warnings.map {
                ContractProblem($0.message, at: $0.pointer, severity: $0.isSlip && strict ? .error : .warning)
            }
    }

    /// Decodes and lints the contract document, and for a description (unless `strict`) leaves out
    /// the parts that have errors, round after round (see ``PartialLoading``), then sets aside its
    /// broken examples.
    private static func decodeLeavingOut(
        _ conversion: inout OpenAPIConversion?, source: JSONValue, file: String?, sourceMap: JSONSourceMap,
        strict: Bool, lints: Bool
    ) -> (Contract?, [ContractProblem], PartialLoading) {
        var (contract, problems) = decodeAndLint(
            conversion?.contract ?? source, file: file, sourceMap: sourceMap,
            isDescription: conversion != nil,
            lints: lints)
        var partial = PartialLoading()
        guard var converted = conversion else { return (contract, problems, partial) }
        if !strict {
            for _ in 0..<PartialLoading.maximumRounds {
                guard let built = contract,
                    partial.leaveOut(problems, of: built, conversion: &converted, source: source)
                else { break }
                (contract, problems) = decodeAndLint(
                    converted.contract, file: file, sourceMap: sourceMap, isDescription: true, lints: lints)
            }
            conversion = converted
        }
        if lints, var built = contract {
            setAsideBrokenExamples(&built, problems: &problems, strict: strict)
            contract = built
        }
        return (contract, problems, partial)
    }

    /// Each problem with its file and position: in the file a bundled part came from, else in the
    /// document read.
    private static func locate(_ problems: [ContractProblem], file: String?, locator: SourceLocator)
        -> [ContractProblem]
    {
        problems.map { problem in
            var problem = problem
            guard problem.file == nil || problem.file == file else { return problem }
            let place = locator.location(ofSource: problem.pointer)
            problem.file = place.file
            problem.pointer = place.pointer
            problem.position = place.file == file ? problem.position ?? place.position : place.position
            return problem
        }
    }

    /// Decodes and lints a contract document: the contract when it could be built, and every
    /// problem, pointing into the contract document.
    static func decodeAndLint(
        _ contractDocument: JSONValue, file: String?, sourceMap: JSONSourceMap, isDescription: Bool = false,
        lints: Bool = true
    ) -> (Contract?, [ContractProblem]) {
        var decoder = ContractDecoder(document: contractDocument)
        var (contract, problems) = decoder.decode()
        problems += formatProblems(in: contractDocument, besides: problems)
        guard var built = contract else { return (nil, problems) }
        built.sourceMap = sourceMap
        built.file = file
        built.baseURI = baseURI(for: file)
        built.document = ContractFormatSchema.removingDeclaration(from: built.document)
        let (auth, authProblems) = ContractAuthDecoder.decode(contractDocument)
        built.auth = auth
        problems += authProblems
        problems += ContractFormatSchema.declarationProblems(in: contractDocument)
        if lints { problems += ContractLinter(contract: built, isDescription: isDescription).problems() }
        return (built, problems)
    }

    /// A contract with no endpoints, or a description with no operations, tests nothing: a warning
    /// for `lint` (the document itself may be fine, such as a webhooks-only description), and a
    /// refusal for the commands that replay it (see ``Outcome/testsNothing``).
    static func emptinessProblem(openAPI: Bool, source: JSONValue, allSkipped: Bool = false)
        -> ContractProblem
    {
        guard openAPI else {
            return ContractProblem(
                "the contract declares no endpoints, so it would test nothing; add at least one to \"endpoints\"",
                at: JSONPointer(tokens: ["endpoints"]), severity: .warning)
        }
        let pointer = source["paths"] == nil ? JSONPointer.root : JSONPointer(tokens: ["paths"])
        if allSkipped {
            return ContractProblem(
                "every operation of the description was skipped (see the warnings), so it would test nothing",
                at: pointer, severity: .warning)
        }
        let webhooks = source["webhooks"] == nil ? "" : "; webhooks are not replayed"
        return ContractProblem(
            "the description has no operations Conform can replay (none under \"paths\"\(webhooks)), so it would test nothing",
            at: pointer, severity: .warning)
    }

    /// The contract format schema's errors for `document`, minus those the decoder already reported.
    ///
    /// The decoder's messages are written for people (did-you-mean, the fix), so they win: a schema
    /// error is dropped when a decoder problem sits at its instance location, or at an ancestor whose
    /// value is not an object (a string, number or array the decoder judged as a whole). A decoder
    /// problem on an object, such as a missing key, does not hide errors inside that object, since the
    /// decoder still read its members and reported their own problems at their own places. Only the
    /// first schema error at a place is kept, since `if`/`oneOf` alternatives repeat one mistake.
    ///
    /// Runs on the stack the loader reads on (``read(bytes:file:strict:lints:isFetched:)``), which
    /// holds the deepest document the readers accept.
    static func formatProblems(in document: JSONValue, besides decoded: [ContractProblem])
        -> [ContractProblem]
    {
        guard let schema = ContractFormatSchema.compiled else {
            return [ContractProblem("the embedded contract format schema cannot be compiled", at: .root)]
        }
        // Nearly every document is valid: the verdict alone tracks no paths and builds no
        // messages. The loader reads on a large stack, so the document is not measured first.
        guard !schema.isValidOnLargeStack(document) else { return [] }
        let reported = Set(decoded.map(\.pointer))
        let wholes = reported.filter { $0.resolve(in: document)?.objectValue == nil }
        func isReported(_ location: JSONPointer) -> Bool {
            if reported.contains(location) { return true }
            var tokens = location.tokens
            while !tokens.isEmpty {
                tokens.removeLast()
                if wholes.contains(JSONPointer(tokens: tokens)) { return true }
            }
            return false
        }
        var seen = Set<JSONPointer>()
        return schema.validateOnLargeStack(document).errors.compactMap { error in
            guard !isReported(error.instanceLocation), seen.insert(error.instanceLocation).inserted else {
                return nil
            }
            return ContractProblem(
                "does not match the contract format: \(error.message)", at: error.instanceLocation)
        }
    }

    /// Errors first, then by position in the file.
    static func sorted(_ problems: [ContractProblem]) -> [ContractProblem] {
        var seen = Set<String>()
        let unique = problems.filter { seen.insert("\($0.pointer)|\($0.message)").inserted }
        return unique.sorted { a, b in
            if a.severity != b.severity { return a.severity == .error }
            return (a.position?.offset ?? 0) < (b.position?.offset ?? 0)
        }
    }

    /// A `file:` URL for the contract: the base of its schemas' `$id`s and of the absolute URIs in
    /// messages. Only the contract itself (and the embedded meta-schemas) are loaded: keep every
    /// schema a contract uses inside it.
    static func baseURI(for file: String?) -> String {
        guard let file else { return "urn:conform:contract" }
        if DescriptionFetcher.isURL(file) { return file }
        return URL(fileURLWithPath: file).standardizedFileURL.absoluteString
    }
}
