public import ContractKit
public import JSONSchema

/// One side of a comparison, read: the contract the loader built, where its places stand in the
/// files, and every problem the loader found on the way.
public struct LoadedDescription: Sendable {
    /// The argument as given (`main:Contracts/restaurant.json`).
    public var source: String
    public var contract: Contract
    public var problems: [ContractProblem]
    let locator: SourceLocator
    /// File-name prefixes to show otherwise: the temporary folder a description read from git was
    /// put in, shown as `REV:`.
    let aliases: [(prefix: String, replacement: String)]

    init(
        source: String, contract: Contract, problems: [ContractProblem], locator: SourceLocator,
        aliases: [(prefix: String, replacement: String)] = []
    ) {
        self.source = source
        self.contract = contract
        self.locator = locator
        self.aliases = aliases
        self.problems = problems.map { problem in
            var problem = problem
            problem.file = Self.rename(problem.file, aliases)
            return problem
        }
    }

    /// The place in the files of a place in the contract document, with its file named as the user
    /// knows it.
    func location(of pointer: JSONPointer) -> SourceLocator.Location {
        var location = locator.location(of: pointer)
        location.file = Self.rename(location.file, aliases)
        return location
    }

    /// What the description itself holds at a place of the contract (an operation's `deprecated`).
    func sourceValue(at pointer: JSONPointer) -> JSONValue? { locator.sourceValue(at: pointer) }

    private static func rename(_ file: String?, _ aliases: [(prefix: String, replacement: String)]) -> String?
    {
        guard let file else { return nil }
        for alias in aliases where file.hasPrefix(alias.prefix) {
            return alias.replacement + file.dropFirst(alias.prefix.count)
        }
        return file
    }
}
