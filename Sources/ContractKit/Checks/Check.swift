/// A check on one exchange: a name (as Schemathesis names it) and a function from the exchange to
/// findings. A struct of closures rather than a protocol, so checks are values that can be listed,
/// filtered by the contract's settings and extended.
public struct Check: Sendable {
    public var name: CheckName
    public var run: @Sendable (CheckContext) -> [Finding]

    public init(name: CheckName, run: @escaping @Sendable (CheckContext) -> [Finding]) {
        self.name = name
        self.run = run
    }

    /// The checks `conform run` applies to every response, in report order.
    public static let replayChecks: [Check] = [
        .notAServerError, .statusCodeConformance, .contentTypeConformance, .responseHeadersConformance,
        .responseSchemaConformance, .duplicateKeys, .assertions, .maxResponseTime,
    ]
}
