import ContractKit

/// A change a team has accepted: a rule id, optionally narrowed to one operation
/// (`response-property-enum-value-added@getOrder`), and the reason it is acceptable.
///
/// An accepted change stays in every report, marked with its reason, but no longer fails the gate.
public struct IgnoreEntry: Sendable, Hashable {
    public var rule: String
    /// The operation id it is limited to; nil for every operation.
    public var operationID: String?
    /// Why the break is accepted (required in an ignore file).
    public var reason: String?
    /// Where the entry was given: `--ignore`, or `file:line` of an ignore file.
    public var origin: String

    public init(rule: String, operationID: String? = nil, reason: String? = nil, origin: String = "--ignore")
    {
        self.rule = rule
        self.operationID = operationID
        self.reason = reason
        self.origin = origin
    }

    /// Parses `RULE` or `RULE@operationId`; nil when either part is empty.
    public init?(parsing text: String, reason: String? = nil, origin: String = "--ignore") {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard let rule = parts.first, !rule.isEmpty, !rule.contains(where: \.isWhitespace) else { return nil }
        if parts.count == 2, parts[1].isEmpty { return nil }
        self.init(
            rule: String(rule), operationID: parts.count == 2 ? String(parts[1]) : nil, reason: reason,
            origin: origin)
    }

    /// `rule@operation`, as written.
    public var spelled: String { operationID.map { "\(rule)@\($0)" } ?? rule }

    /// Whether the entry accepts `change`.
    public func matches(_ change: CompatChange) -> Bool {
        guard change.rule == rule else { return false }
        guard let operationID else { return true }
        return change.operation?.id == operationID
    }

    /// The changes with the accepted ones marked, and the entries that accepted nothing.
    static func apply(_ entries: [IgnoreEntry], to changes: [CompatChange]) -> (
        changes: [CompatChange], unused: [IgnoreEntry]
    ) {
        var used = Set<Int>()
        let marked = changes.map { change in
            var change = change
            if let index = entries.firstIndex(where: { $0.matches(change) }) {
                used.insert(index)
                change.acceptedBecause = entries[index].reason ?? "accepted with \(entries[index].origin)"
            }
            return change
        }
        let unused = entries.indices.filter { !used.contains($0) }.map { entries[$0] }
        return (marked, unused)
    }

    /// Why an entry names no known rule, with the closest id when there is one; nil when it does.
    public static func unknownRule(in entry: IgnoreEntry) -> String? {
        guard RuleCatalogue.rule(entry.rule) == nil else { return nil }
        var message = "\(entry.origin): '\(entry.rule)' is not a compat rule id"
        if let suggestion = Suggestion.closest(to: entry.rule, in: RuleCatalogue.all.map(\.id)) {
            message += "; did you mean '\(suggestion)'?"
        } else {
            message += " (conform compat --rules lists them)"
        }
        return message
    }
}
