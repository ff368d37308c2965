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
