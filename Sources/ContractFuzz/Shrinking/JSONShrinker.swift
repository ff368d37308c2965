public import JSONSchema

/// Proposes smaller versions of a JSON value, so a failing payload can be reduced to the least that
/// still fails: members and elements dropped, containers emptied, strings shortened, numbers moved
/// toward zero.
///
/// Shrinking is greedy: `shrink` keeps the first candidate that still fails and starts again from
/// it, until no candidate fails or the attempt budget is spent.
public struct JSONShrinker: Sendable {
    public var maximumAttempts: Int

    public init(maximumAttempts: Int = 200) { self.maximumAttempts = maximumAttempts }

    /// The smallest value found for which `stillFails` holds; `value` itself when nothing smaller does.
    public func shrink(_ value: JSONValue, while stillFails: (JSONValue) async -> Bool) async -> JSONValue {
        var current = value
        var attempts = 0
        var improved = true
        while improved && attempts < maximumAttempts {
            improved = false
            for candidate in Self.candidates(for: current) {
                attempts += 1
                if attempts > maximumAttempts { break }
                if await stillFails(candidate) {
                    current = candidate
                    improved = true
                    break
                }
            }
        }
        return current
    }

    /// Smaller variants of `value`, most aggressive first.
    public static func candidates(for value: JSONValue) -> [JSONValue] {
        switch value {
        case .object(let object):
            var result: [JSONValue] = []
            if !object.isEmpty { result.append(.object(JSONObject())) }
            for key in object.keys {
                var smaller = object
                smaller[key] = nil
                result.append(.object(smaller))
            }
            for member in object.members {
                for child in candidates(for: member.value) {
                    var smaller = object
                    smaller[member.key] = child
                    result.append(.object(smaller))
                }
            }
            return result
        case .array(let elements):
            var result: [JSONValue] = []
            if !elements.isEmpty { result.append(.array([])) }
            if elements.count > 1 { result.append(.array([elements[0]])) }
            for index in elements.indices where elements.count > 1 {
                var smaller = elements
                smaller.remove(at: index)
                result.append(.array(smaller))
            }
            for (index, element) in elements.enumerated() {
                for child in candidates(for: element) {
                    var smaller = elements
                    smaller[index] = child
                    result.append(.array(smaller))
                }
            }
            return result
        case .string(let text):
            guard !text.isEmpty else { return [] }
            var result: [JSONValue] = [.string("")]
            if text.count > 1 { result.append(.string(String(text.prefix(text.count / 2)))) }
            return result
        case .number(let number):
            if number == JSONNumber(0) { return [] }
            var result: [JSONValue] = [.number(JSONNumber(0))]
            if !number.isInteger, let truncated = JSONNumber(number.doubleValue.rounded(.towardZero)) {
                result.append(.number(truncated))
            }
            if number.isNegative, let flipped = JSONNumber(-number.doubleValue) {
                result.append(.number(flipped))
            }
            return result
        case .bool(true):
            return [.bool(false)]
        case .bool(false), .null:
            return []
        }
    }
}
