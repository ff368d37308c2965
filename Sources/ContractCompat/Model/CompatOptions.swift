/// Which clients the verdict speaks for.
public enum CompatClients: String, Sendable, Hashable, CaseIterable {
    /// Any client: the established catalogue's levels.
    case any
    /// Apps that decode responses with plain Swift `Codable` models: what such a model cannot
    /// absorb (a new enum value, `null` where it was forbidden, a dropped `date-time` format) is an
    /// error.
    case codable
}

/// How `conform compat` judges: the level that fails the gate, the clients it speaks for and the
/// changes a team has accepted.
public struct CompatOptions: Sendable {
    /// The level at which a change fails the gate unless `--fail-on` says otherwise.
    public static let defaultFailOn = CompatLevel.error
    /// The clients judged for unless `--clients` says otherwise.
    public static let defaultClients = CompatClients.any

    public var failOn: CompatLevel
    public var clients: CompatClients
    public var ignores: [IgnoreEntry]

    public init(
        failOn: CompatLevel = defaultFailOn, clients: CompatClients = defaultClients,
        ignores: [IgnoreEntry] = []
    ) {
        self.failOn = failOn
        self.clients = clients
        self.ignores = ignores
    }
}
