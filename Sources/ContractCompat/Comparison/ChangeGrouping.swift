import ContractKit
import JSONSchema

/// Folds the occurrences of one change into one finding: a change inside a schema shared by many
/// operations is found once per operation, and reported once, at the schema's place, with every
/// operation it reaches.
///
/// Occurrences are one change when they have the same rule and level, stand at the same place
/// with the same fact, and were accepted (or not) alike, so the gate and the levels are what
/// they would be occurrence by occurrence.
enum ChangeGrouping {
    private struct Key: Hashable {
        var rule: String
        var level: CompatLevel
        var side: CompatChange.Side
        var file: String?
        var pointer: JSONPointer
        var fact: String
        var accepted: String?

        init(_ change: CompatChange) {
            rule = change.rule
            level = change.level
            side = change.side
            file = change.location.file
            pointer = change.location.pointer
            fact = change.fact
            accepted = change.acceptedBecause
        }
    }

    /// The findings, in the order of their first occurrence; one that reaches several operations
    /// is worded at its schema when it is inside a named one. An occurrence found twice in one
    /// operation at one use is reached once.
    static func group(_ changes: [CompatChange]) -> [CompatChange] {
        var index: [Key: Int] = [:]
        var findings: [CompatChange] = []
        for change in changes {
            let key = Key(change)
            guard let at = index[key] else {
                index[key] = findings.count
                findings.append(change)
                continue
            }
            for reach in change.reach
            where !findings[at].reach.reversed().prefix(while: {
                $0.operation == reach.operation
            }).contains(reach) {
                findings[at].reach.append(reach)
            }
        }
        for at in findings.indices {
            let operations = Set(findings[at].reach.map(\.operation))
            if operations.count > 1, let shared = findings[at].sharedMessage {
                findings[at].message = shared
            }
        }
        return findings
    }
}
