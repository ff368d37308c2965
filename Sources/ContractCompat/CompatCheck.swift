public import JSONSchema

/// Says which changes between two versions of an API description break the clients already in
/// users' hands and the requests they send: `conform compat OLD NEW` as a library.
///
/// Both sides are read by ContractKit's loader into one `Contract` model and the models are
/// compared, so one set of rules serves contracts, OpenAPI and Swagger alike:
/// ```swift
/// let check = CompatCheck(options: CompatOptions(clients: .codable))
/// let report = try await check.run(old: CompatSource("main:openapi.yaml"), new: CompatSource("openapi.yaml"))
/// print(report.passes ? "compatible" : report.tally)
/// ```
public struct CompatCheck: Sendable {
    public var options: CompatOptions

    public init(options: CompatOptions = CompatOptions()) { self.options = options }

    /// Loads both descriptions (at once, on two threads) and compares them.
    /// - Parameter folder: where git revisions are read; the current folder when nil.
    /// - Throws: `CompatInputError` when a side holds no description at all.
    public func run(old: CompatSource, new: CompatSource, in folder: String? = nil)
        async throws(CompatInputError)
        -> CompatReport
    {
        let sides = try await Self.loadBoth(old, new, in: folder)
        let report = compare(sides.old, sides.new)
        Self.release(sides)
        return report
    }

    private static func loadBoth(_ old: CompatSource, _ new: CompatSource, in folder: String?)
        async throws(CompatInputError) -> (old: LoadedDescription, new: LoadedDescription)
    {
        async let oldSide = load(old, in: folder)
        async let newSide = load(new, in: folder)
        let (before, after) = await (oldSide, newSide)
        return (try before.get(), try after.get())
    }

    /// Frees two read descriptions (trees of hundreds of thousands of values, tens of milliseconds
    /// to free) on another thread, while the caller goes on to write the report.
    private static func release(_ sides: (old: LoadedDescription, new: LoadedDescription)) {
        Task.detached(priority: .utility) { withExtendedLifetime(sides) {} }
    }

    private static func load(_ source: CompatSource, in folder: String?) async -> Result<
        LoadedDescription, CompatInputError
    > {
        do {
            return .success(try DescriptionLoader.load(source, in: folder))
        } catch {
            return .failure(error)
        }
    }

    /// Compares two loaded descriptions. The walk runs on a thread with a large stack, since a
    /// schema may nest as deep as the readers allow.
    public func compare(_ old: LoadedDescription, _ new: LoadedDescription) -> CompatReport {
        let clients = options.clients
        let found = LargeStack.run(depth: .max) {
            ContractComparator(old: old, new: new, clients: clients).changes()
        }
        let (marked, unused) = IgnoreEntry.apply(options.ignores, to: found)
        let changes = ContractComparator.ordered(ChangeGrouping.group(marked))
        // The loader's warnings say what replay, fuzz and the mock do not map; a comparison keeps
        // the errors, the parts it could not read.
        let notes =
            old.problems.filter { $0.severity == .error }.map { CompatNote(side: .old, problem: $0) }
            + new.problems.filter { $0.severity == .error }.map { CompatNote(side: .new, problem: $0) }
        return CompatReport(
            old: Self.describe(old), new: Self.describe(new), changes: changes, notes: notes,
            options: options,
            unusedIgnores: unused)
    }

    private static func describe(_ side: LoadedDescription) -> CompatReport.Description {
        CompatReport.Description(
            source: side.source, name: side.contract.name, version: side.contract.version,
            operationCount: side.contract.endpoints.count)
    }
}
