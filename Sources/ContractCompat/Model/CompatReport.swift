/// The outcome of comparing two descriptions: every change (breaking first), the loader's problems
/// with either file, and the verdict the gate reads.
public struct CompatReport: Sendable {
    /// One of the two descriptions, as the report names it.
    public struct Description: Sendable, Hashable {
        /// The argument as given (`main:Contracts/restaurant.json`, `openapi.yaml`).
        public var source: String
        public var name: String
        public var version: String
        public var operationCount: Int

        public init(source: String, name: String, version: String, operationCount: Int) {
            self.source = source
            self.name = name
            self.version = version
            self.operationCount = operationCount
        }
    }

    public var old: Description
    public var new: Description
    /// Every change, errors first, then by operation in the new description's order.
    public var changes: [CompatChange]
    public var notes: [CompatNote]
    public var options: CompatOptions
    /// Ignore entries that matched no change (a fixed break, or a typo in an operation id).
    public var unusedIgnores: [IgnoreEntry]

    public init(
        old: Description, new: Description, changes: [CompatChange], notes: [CompatNote] = [],
        options: CompatOptions = CompatOptions(), unusedIgnores: [IgnoreEntry] = []
    ) {
        self.old = old
        self.new = new
        self.changes = changes
        self.notes = notes
        self.options = options
        self.unusedIgnores = unusedIgnores
    }

    /// The changes that fail the gate: at or above `--fail-on`, and not accepted.
    public var failing: [CompatChange] { changes.filter(fails) }

    /// Whether `change` fails the gate: at or above `--fail-on`, and not accepted.
    public func fails(_ change: CompatChange) -> Bool {
        !change.isAccepted && change.level.reaches(options.failOn)
    }

    /// Whether the gate passes.
    public var passes: Bool { failing.isEmpty }

    /// How many changes that count (not accepted) are at `level`.
    public func count(_ level: CompatLevel) -> Int {
        changes.filter { !$0.isAccepted && $0.level == level }.count
    }

    /// How many changes an ignore entry accepted.
    public var acceptedCount: Int { changes.filter(\.isAccepted).count }

    /// `2 errors, 1 warning, 4 info` with `(1 accepted)` when some were accepted.
    public var tally: String {
        var text = [
            Self.counted(count(.error), "error"), Self.counted(count(.warning), "warning"),
            "\(count(.info)) info",
        ].joined(separator: ", ")
        if acceptedCount > 0 { text += " (\(acceptedCount) accepted)" }
        return text
    }

    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
