/// How much a change matters to the clients and requests already in use, in the levels the
/// established breaking-change catalogue uses, so a team switching tools sees the same verdicts.
public enum CompatLevel: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Breaking: some shipped client or some request that used to work fails.
    case error
    /// May break, depending on how clients are written (a response enum value added, an optional
    /// response property removed, a pattern changed).
    case warning
    /// Breaks nobody: an addition, a relaxed request rule, a documentation change.
    case info

    private var rank: Int {
        switch self {
        case .error: return 0
        case .warning: return 1
        case .info: return 2
        }
    }

    /// More severe levels sort first: `error < warning < info`.
    public static func < (lhs: CompatLevel, rhs: CompatLevel) -> Bool { lhs.rank < rhs.rank }

    /// Whether a change at this level is at least as severe as `threshold`.
    public func reaches(_ threshold: CompatLevel) -> Bool { self <= threshold }
}

/// Which side of an exchange a change concerns: what old clients send, or what they receive.
///
/// The same schema change is breaking in one direction and harmless in the other (a new enum value
/// is welcome in a request and a surprise in a response), so every rule names its direction.
public enum CompatDirection: String, Sendable, Hashable, CaseIterable {
    case request
    case response
    /// The operation as a whole: it exists, its security.
    case operation
}
