import ContractKit
import Foundation
import JSONSchema
import SchemaGeneration

/// Values that keep a story's evidence: for each writable property, one that a server resetting it
/// would change. An enum away from its default (and from its first member, the usual default), a
/// boolean away from its default (`true` where none is declared), a nullable property not null,
/// text in mixed case (so a server that lowercases it shows), a number away from its default and
/// from zero. A create sent with such values, then changed one property at a time, shows a server
/// that resets or rewrites what it was not asked to change.
struct EvidenceValues {
    let navigator: SchemaNavigator
    let generator: InstanceGenerator
    let seed: UInt64

    /// The values to try for a property, best evidence first; the `variant`-th request of a story
    /// gets different ones, and none equals `current` where another is possible.
    func candidates(for property: JSONValue, name: String, variant: Int, current: JSONValue?) -> [JSONValue] {
        var schema = nonNull(navigator.resolve(property))
        // Choices a description lists in words (`Path dtype ('notebook', 'file', 'directory')`)
        // are what a client reading it sends: always the same one, since what such a choice means
        // (a type, an encoding) is not written down for a story to vary.
        if schema["enum"] == nil, navigator.types(of: schema).contains("string"),
            let choices = Self.describedChoices(schema["description"]?.stringValue)
        {
            return [choices[1]]
        }
        // A default written beside a `$ref` (`{"$ref": "#/…/Priority", "default": "low"}`) is the
        // property's own.
        if let fallback = property["default"], case .object(var object) = schema {
            object["default"] = fallback
            schema = .object(object)
        }
        var values = evidence(for: schema, name: name, variant: variant)
        if let current {
            values = values.filter { $0 != current } + values.filter { $0 == current }
        }
        if let generated = generator.validInstance(
            for: schema, seed: seed, key: "evidence \(name) \(variant)", accepts: { $0 != .null })
        {
            values.append(generated)
        }
        return values
    }

    /// The schema without its `null` alternative (`anyOf: [X, {type: null}]`, `type: [X, "null"]`).
    func nonNull(_ schema: JSONValue) -> JSONValue {
        guard case .object(var object) = schema else { return schema }
        if case .array(let types)? = object["type"] {
            let kept = types.filter { $0 != .string("null") }
            object["type"] = kept.count == 1 ? kept[0] : .array(kept)
            return .object(object)
        }
        for key in ["anyOf", "oneOf"] {
            guard case .array(let options)? = object[key] else { continue }
            let kept = options.filter { !isNull(navigator.resolve($0)) }
            guard kept.count < options.count, !kept.isEmpty else { continue }
            if kept.count == 1, object.members.count == 1 { return nonNull(navigator.resolve(kept[0])) }
            object[key] = .array(kept)
        }
        return .object(object)
    }

    private func isNull(_ schema: JSONValue) -> Bool {
        schema["type"] == .string("null") || schema["enum"] == .array([.null]) || schema["const"] == .null
    }

    private func evidence(for schema: JSONValue, name: String, variant: Int) -> [JSONValue] {
        let fallback = schema["default"]
        if case .array(let members)? = schema["enum"] {
            let choices = members.filter { $0 != .null && $0 != fallback }
            let away = fallback == nil && choices.count > 1 ? Array(choices.dropFirst()) : choices
            return rotated(away.isEmpty ? choices : away, by: variant)
        }
        if let constant = schema["const"] { return [constant] }
        let types = navigator.types(of: schema)
        if types.contains("boolean") {
            if case .bool(let value)? = fallback { return [.bool(!value)] }
            return [.bool(true)]
        }
        if types.contains("string") { return text(for: schema, name: name, variant: variant) }
        if types.contains("integer") || types.contains("number") {
            return number(for: schema, variant: variant, integer: !types.contains("number"))
        }
        return []
    }

    /// Text that shows a change of case: `Story 3 Reading List` within the schema's lengths; for a
    /// date, a date-time, an e-mail address, a URI or a UUID, one of that format.
    private func text(for schema: JSONValue, name: String, variant: Int) -> [JSONValue] {
        if schema["pattern"] != nil { return [] }
        let number = variant + 1
        switch schema["format"]?.stringValue {
        case "date": return [.string("2031-0\(number % 9 + 1)-1\(number % 9)")]
        case "date-time": return [.string("2031-0\(number % 9 + 1)-1\(number % 9)T10:2\(number % 10):30Z")]
        case "email", "idn-email": return [.string("Story.Reader\(number)@Example.com")]
        case "uri", "url", "iri": return [.string("https://example.com/Story/\(number)")]
        case "uuid":
            return [.string(String(format: "5E1D0C3A-7B2F-4C6D-8E9A-%012X", number))]
        case .some: return []
        case .none: break
        }
        let words = ["Story", "\(number)", "Reading", "List", "Kept", "Evidence"]
        var value = words.joined(separator: " ")
        let minimum = schema["minLength"]?.numberValue.flatMap { Int($0.description) } ?? 0
        let maximum = schema["maxLength"]?.numberValue.flatMap { Int($0.description) } ?? 40
        if value.count > maximum { value = String(value.prefix(max(maximum, 0))) }
        if value.count < minimum { value += String(repeating: "x", count: minimum - value.count) }
        while value.hasSuffix(" ") { value = String(value.dropLast()) + "X" }
        return value.isEmpty ? [] : [.string(value)]
    }

    private func number(for schema: JSONValue, variant: Int, integer: Bool) -> [JSONValue] {
        func bound(_ key: String) -> Double? { schema[key]?.numberValue?.doubleValue }
        let low = bound("minimum") ?? bound("exclusiveMinimum").map { $0 + 1 }
        let high = bound("maximum") ?? bound("exclusiveMaximum").map { $0 - 1 }
        let fallback = schema["default"]?.numberValue?.doubleValue
        var candidates: [Double] = []
        let start = low.map { $0 + 1 } ?? 7
        for step in 0..<4 {
            candidates.append(start + Double((variant + step) * 3 % 11))
        }
        if let high { candidates.append(high) }
        let fitting = candidates.filter { value in
            (low.map { value >= $0 } ?? true) && (high.map { value <= $0 } ?? true) && value != fallback
                && value != 0
        }
        return fitting.compactMap { value in
            guard abs(value) < 1e15 else { return nil }
            return integer
                ? Int(exactly: value.rounded(.down)).map { .number(JSONNumber($0)) }
                : JSONNumber(value).map(JSONValue.number)
        }
    }

    /// The values a description lists in parentheses, each quoted (`('text', 'base64')`): two or
    /// more, else nil.
    static func describedChoices(_ description: String?) -> [JSONValue]? {
        guard let description, let open = description.firstIndex(of: "("),
            let close = description[open...].firstIndex(of: ")")
        else { return nil }
        let inside = description[description.index(after: open)..<close]
        var choices: [JSONValue] = []
        for part in inside.split(separator: ",") {
            let word = part.trimmingCharacters(in: .whitespaces)
            guard word.count >= 3, let first = word.first, ["'", "\"", "`"].contains(first),
                word.last == first
            else { return nil }
            choices.append(.string(String(word.dropFirst().dropLast())))
        }
        return choices.count >= 2 ? choices : nil
    }

    private func rotated(_ values: [JSONValue], by offset: Int) -> [JSONValue] {
        guard !values.isEmpty else { return [] }
        let start = offset % values.count
        return Array(values[start...] + values[..<start])
    }
}
