public import JSONSchema

/// A check on the response body beyond its schema: the category filter really filters, ids are
/// unique, every category is one of those `/categories` lists.
public struct Assertion: Sendable {
    public enum Operation: Sendable {
        /// Every matched value equals this value (after variable substitution).
        case equals(JSONValue)
        /// The matched value is a non-empty array, object or string.
        case notEmpty
        /// The matched values are pairwise different.
        case unique
        /// Every matched value is one of the elements of this array (after substitution).
        case oneOf(JSONValue)
        /// Every matched value is a string matching this regular expression.
        case matches(String)
        /// At least one value matches the path (true) or none does (false).
        case exists(Bool)
    }

    /// Which values: a pointer whose `*` tokens stand for every array element or object member.
    public var path: PointerPattern
    public var operation: Operation
    public var pointer: JSONPointer

    public init(path: PointerPattern, operation: Operation, pointer: JSONPointer = .root) {
        self.path = path
        self.operation = operation
        self.pointer = pointer
    }

    /// The operator's name as written in the contract (`equals`, `notEmpty`, …).
    public var operatorName: String {
        switch operation {
        case .equals: return "equals"
        case .notEmpty: return "notEmpty"
        case .unique: return "unique"
        case .oneOf: return "in"
        case .matches: return "matches"
        case .exists: return "exists"
        }
    }

    var usedVariables: Set<String> {
        switch operation {
        case .equals(let value), .oneOf(let value): return Template.variables(in: value)
        case .matches(let pattern): return Template.variables(in: pattern)
        case .notEmpty, .unique, .exists: return []
        }
    }
}

/// A JSON pointer in which `*` matches every element of an array or member of an object.
public struct PointerPattern: Sendable, Hashable, CustomStringConvertible {
    public enum Token: Sendable, Hashable {
        case name(String)
        case wildcard
    }

    public var tokens: [Token]

    /// Parses `/items/*/category`; nil when the text is not a pointer.
    public init?(_ text: String) {
        guard let pointer = JSONPointer(text) else { return nil }
        tokens = pointer.tokens.map { $0 == "*" ? .wildcard : .name($0) }
    }

    public init(tokens: [Token]) { self.tokens = tokens }

    public var hasWildcard: Bool { tokens.contains(.wildcard) }

    public var description: String {
        tokens.map { token in
            switch token {
            case .wildcard: return "/*"
            case .name(let name): return JSONPointer(tokens: [name]).description
            }
        }.joined()
    }

    /// Every value the pattern reaches in `document`, with its concrete pointer, in document order.
    public func matches(in document: JSONValue) -> [(pointer: JSONPointer, value: JSONValue)] {
        var current: [(pointer: JSONPointer, value: JSONValue)] = [(.root, document)]
        for token in tokens {
            var next: [(pointer: JSONPointer, value: JSONValue)] = []
            for (pointer, value) in current {
                switch (token, value) {
                case (.wildcard, .array(let elements)):
                    for (index, element) in elements.enumerated() {
                        next.append((pointer.appending(index), element))
                    }
                case (.wildcard, .object(let object)):
                    for member in object.members {
                        next.append((pointer.appending(member.key), member.value))
                    }
                case (.name(let name), _):
                    let step = JSONPointer(tokens: [name])
                    if let child = step.resolve(in: value) { next.append((pointer.appending(name), child)) }
                default:
                    break
                }
            }
            current = next
        }
        return current
    }
}
