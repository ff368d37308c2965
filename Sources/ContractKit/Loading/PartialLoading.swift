import JSONSchema

/// Leaves out the parts of a converted description that have errors, so one broken part never
/// blocks the rest of an API someone else described.
///
/// Each error is traced to the smallest part around it that can go without changing what the rest
/// means: a schema keyword (`"pattern": "(?<"`, a `$ref` to nothing), a whole schema that is not
/// one, an example, an optional parameter, else the operation. What goes becomes a warning at the
/// error's place, saying what is no longer checked; a skipped operation is kept as a
/// ``SkippedOperation`` so every report names it. Examples a response schema rejects are left to
/// ``ContractLoader/setAsideBrokenExamples(_:problems:strict:)``, as before.
struct PartialLoading {
    /// How many rounds of leaving out and reading again: a removal can reveal another error (an
    /// example that used a value the skipped operation captured), never more than a few deep.
    static let maximumRounds = 4

    /// What was left out, one warning each, their pointers already in the description.
    private(set) var warnings: [ContractProblem] = []
    /// The operations left out, each with the index of its warning in ``warnings``.
    private(set) var skipped: [(operation: SkippedOperation, warning: Int)] = []

    /// The smallest part around an error that can be left out.
    enum Part: Hashable {
        case endpoint(Int)
        case example(JSONPointer)
        case parameter(JSONPointer)
        case schema(JSONPointer)
        case keyword(JSONPointer)

        /// Where the part stands in the contract document.
        var pointer: JSONPointer {
            switch self {
            case .endpoint(let index): return JSONPointer(tokens: ["endpoints", String(index)])
            case .example(let pointer), .parameter(let pointer), .schema(let pointer), .keyword(let pointer):
                return pointer
            }
        }
    }

    /// Leaves out the part around each error of `problems`; false when none could go (the errors
    /// that remain then refuse the description).
    mutating func leaveOut(
        _ problems: [ContractProblem], of contract: Contract, conversion: inout OpenAPIConversion,
        source: JSONValue
    ) -> Bool {
        let roots = ContractSchemas.declaredSchemaPointers(of: contract)
        var parts: [Part: ContractProblem] = [:]
        for problem in problems where problem.severity == .error {
            guard let part = Self.part(around: problem.pointer, roots: roots, in: contract.document),
                parts[part] == nil
            else { continue }
            parts[part] = problem
        }
        let endpoints = Set(
            parts.keys.compactMap { part -> Int? in
                if case .endpoint(let index) = part { return index }
                return nil
            })
        let inner = parts.filter { part, _ in
            if case .endpoint = part { return false }
            let tokens = part.pointer.tokens
            return
                !(tokens.first == "endpoints" && tokens.count > 1 && endpoints.contains(Int(tokens[1]) ?? -1))
        }
        guard !endpoints.isEmpty || !inner.isEmpty else { return false }
        for (part, problem) in inner.sorted(by: { Self.later($0.key.pointer, $1.key.pointer) }) {
            warn(
                problem, consequence: consequence(of: part, in: contract), conversion: conversion,
                source: source)
            // A schema stands in as `{}` (anything goes); any other part is left out. Spelled
            // without a ternary: there `nil` would be read as JSON `null`.
            let replacement: JSONValue?
            if part.isSchema { replacement = .object(JSONObject()) } else { replacement = nil }
            conversion.contract = conversion.contract.replacing(at: part.pointer, with: replacement)
        }
        for index in endpoints.sorted(by: >) {
            guard let problem = parts[.endpoint(index)], contract.endpoints.indices.contains(index) else {
                continue
            }
            let endpoint = contract.endpoints[index]
            // The decoder stands in `/` for a path it cannot read; the report shows it as written.
            let path = contract.document["endpoints"]?[index]?["path"]?.stringValue ?? endpoint.path.template
            warn(
                problem, consequence: "operation \(endpoint.method) \(path) is skipped",
                conversion: conversion,
                source: source)
            skipped.append(
                (
                    SkippedOperation(
                        endpointID: endpoint.id, method: endpoint.method, path: path,
                        tags: endpoint.tags, reason: problem.message),
                    warnings.count - 1
                ))
            conversion.removeEndpoint(at: index)
        }
        return true
    }

    /// The operations left out, with `file:line:column` from the located warnings.
    func skippedOperations(locatedAs located: [ContractProblem]) -> [SkippedOperation] {
        skipped.reversed().map { entry in
            var operation = entry.operation
            let warning = located[entry.warning]
            if let file = warning.file {
                operation.location = file + (warning.position.map { ":\($0.line):\($0.column)" } ?? "")
            }
            return operation
        }
    }

    private mutating func warn(
        _ problem: ContractProblem, consequence: String, conversion: OpenAPIConversion, source: JSONValue
    ) {
        warnings.append(
            ContractProblem(
                "\(problem.message); \(consequence) (an error with --strict)",
                at: conversion.openAPIPointer(for: problem.pointer, in: source), severity: .warning,
                position: problem.file == nil ? nil : problem.position, file: problem.file))
    }

    private func consequence(of part: Part, in contract: Contract) -> String {
        switch part {
        case .endpoint: return "the operation is skipped"
        case .example: return "this example is not replayed"
        case .parameter(let pointer): return "parameter \"\(pointer.tokens.last ?? "")\" is left out"
        case .schema: return "this schema is left out, so any value is accepted here"
        case .keyword(let pointer):
            return "\"\(pointer.tokens.last ?? "")\" is left out of this schema, so it is not checked"
        }
    }

    /// The part around an error at `pointer`, or nil when it is not inside an operation or a schema
    /// (or is a response example, which the loader sets aside on its own).
    static func part(around pointer: JSONPointer, roots: [JSONPointer], in document: JSONValue) -> Part? {
        let tokens = pointer.tokens
        if let root = roots.first(where: { tokens.starts(with: $0.tokens) }) {
            if root == pointer { return .schema(root) }
            return .keyword(memberPointer(pointer, below: root, in: document))
        }
        if tokens.count == 2, tokens[0] == "schemas" { return .schema(pointer) }
        guard tokens.count >= 2, tokens[0] == "endpoints", let index = Int(tokens[1]) else { return nil }
        if tokens.count >= 5, tokens[2] == "responses", tokens[4] == "example" { return nil }
        if tokens.count >= 4, tokens[2] == "examples" {
            return .example(JSONPointer(tokens: Array(tokens[..<4])))
        }
        if tokens.count >= 5, tokens[2] == "parameters", tokens[3] != "path" {
            return .parameter(JSONPointer(tokens: Array(tokens[..<5])))
        }
        return .endpoint(index)
    }

    /// The nearest pointer at or above `pointer` (and below `root`) that names a member of an
    /// object: the keyword to leave out (`/required/0` → `/required`).
    private static func memberPointer(_ pointer: JSONPointer, below root: JSONPointer, in document: JSONValue)
        -> JSONPointer
    {
        var current = pointer
        while current.tokens.count > root.tokens.count + 1,
            current.parent.resolve(in: document)?.objectValue == nil
        {
            current = current.parent
        }
        return current
    }

    /// Whether `a` comes after `b` in the document, so removing `a` first keeps `b` in its place.
    private static func later(_ a: JSONPointer, _ b: JSONPointer) -> Bool {
        for (x, y) in zip(a.tokens, b.tokens) where x != y {
            if let i = Int(x), let j = Int(y) { return i > j }
            return x > y
        }
        return a.tokens.count > b.tokens.count
    }
}

extension PartialLoading.Part {
    /// A whole schema: replaced by `{}` (accepts anything) rather than removed, so what refers to it
    /// still resolves.
    var isSchema: Bool {
        if case .schema = self { return true }
        return false
    }
}
