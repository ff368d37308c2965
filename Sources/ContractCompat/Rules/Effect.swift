/// What a change does to the set of values a schema (or an operation) accepts, the one fact the
/// level is derived from: in a request a narrowing breaks old clients, in a response a widening does.
enum Effect: Sendable, Hashable {
    /// Accepts more than before.
    case widens
    /// Accepts less than before.
    case narrows
    /// Accepts some new values and refuses some old ones.
    case incomparable
    /// May accept less or more, which cannot be decided from the schemas (a changed pattern, a
    /// request property removed).
    case uncertain
    /// Changes no accepted value (a default, an added optional property, a read-only flag).
    case neutral

    /// The level of a change with this effect in `direction`, before any rule's own exception.
    func level(in direction: CompatDirection) -> CompatLevel {
        switch (self, direction) {
        case (.incomparable, _): return .error
        case (.uncertain, _): return .warning
        case (.neutral, _): return .info
        case (.narrows, .response), (.widens, .request): return .info
        case (.narrows, _), (.widens, _): return .error
        }
    }
}
