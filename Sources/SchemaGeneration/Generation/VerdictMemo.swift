package import JSONSchema

/// The verdicts already reached while generating one instance, so that a value is not judged
/// again against a schema it was already verified against.
///
/// The boundary filters of enclosing levels and the pools of collection boundaries check the same
/// values against the same subschemas again and again; each verdict is the validator's, a pure
/// function of value and schema, so a remembered one is exactly the verdict it would reach again,
/// and JSON equality (`1 == 1.0`, members in any order) does not change validity.
///
/// One memo serves one generated instance (it lives in the generation context) and is not shared
/// between threads.
package final class VerdictMemo {
    private var valid: Set<Entry> = []
    /// The boundary pools already built while listing one schema's boundary values, by schema,
    /// depth and size: a recursive schema reaches the same `$ref` from many places, and each
    /// would otherwise build its whole pool again (a web of linked schemas grew exponentially).
    private var pools: [PoolKey: [JSONValue]] = [:]

    package struct PoolKey: Hashable {
        var schema: JSONValue
        var depth: Int
        var count: Int
    }

    package init() {}

    package func pool(_ key: PoolKey) -> [JSONValue]? { pools[key] }

    package func recordPool(_ key: PoolKey, _ values: [JSONValue]) { pools[key] = values }

    package var isEmpty: Bool { valid.isEmpty }

    /// Records that `value` satisfies `schema` with `base` as its base URI; a synthesised
    /// `{"allOf": […]}` also vouches for each of its branches, which is how ancestors meet them.
    package func recordValid(_ value: JSONValue, _ schema: JSONValue) {
        guard value.isRecordWorthy else { return }
        valid.insert(Entry(value: value, schema: schema))
        if case .object(let object) = schema, object.count == 1, let branches = object["allOf"]?.arrayValue {
            for branch in branches { recordValid(value, branch) }
        }
    }

    /// Whether `value` is already known to satisfy `schema`.
    package func isKnownValid(_ value: JSONValue, _ schema: JSONValue) -> Bool {
        !valid.isEmpty && valid.contains(Entry(value: value, schema: schema))
    }

    /// A value and schema compared in full but hashed by a fingerprint of their top two levels,
    /// which costs little per lookup yet tells apart siblings of the same shape (the items of an
    /// array, which share their keys).
    private struct Entry: Hashable {
        var value: JSONValue
        var schema: JSONValue

        func hash(into hasher: inout Hasher) {
            hasher.combine(Self.fingerprint(value, depth: 2))
            hasher.combine(Self.fingerprint(schema, depth: 1))
        }

        static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.value == rhs.value && lhs.schema == rhs.schema
        }

        /// Consistent with JSON equality: scalars by their own hash, arrays by size and leading
        /// elements, objects by an order-independent sum over their members.
        private static func fingerprint(_ value: JSONValue, depth: Int) -> Int {
            switch value {
            case .array(let elements):
                var result = elements.count &* 1_000_003 &+ 5
                guard depth > 0 else { return result }
                for element in elements.prefix(4) {
                    result = result &* 31 &+ fingerprint(element, depth: depth - 1)
                }
                return result
            case .object(let object):
                var result = object.count &* 1_000_033 &+ 6
                for member in object.members {
                    var hasher = Hasher()
                    hasher.combine(member.key)
                    if depth > 0 { hasher.combine(fingerprint(member.value, depth: depth - 1)) }
                    result = result &+ hasher.finalize()
                }
                return result
            default:
                return value.hashValue
            }
        }
    }
}

extension JSONValue {
    /// Whether a verdict on this value is worth remembering: strings (patterns) and containers.
    var isRecordWorthy: Bool {
        switch self {
        case .string, .array, .object: return true
        default: return false
        }
    }
}
