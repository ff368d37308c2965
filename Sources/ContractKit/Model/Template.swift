import Foundation
public import JSONSchema

/// `{{variable}}` substitution in example values.
///
/// A string that is exactly `"{{itemId}}"` becomes the captured value with its JSON type (an integer
/// stays an integer); inside a longer string the value is interpolated as text. Names starting with
/// `env.` or `var.` come from outside the contract (the environment, `--var`) and are filled once,
/// before a run, by `ContractVariables`. `\{{` is a literal `{{` (in JSON, `"\\{{"`): it is never a
/// variable and is sent as `{{`, which is how examples of an OpenAPI description, whose
/// `{{current_date}}` is text for the API rather than a variable for Conform, reach the server.
public enum Template {
    /// A variable that was used before any example captured it.
    public struct MissingVariable: Error, Sendable, Equatable, CustomStringConvertible {
        public var name: String
        public var description: String { "variable \"{{\(name)}}\" has no captured value" }
    }

    /// The names of the variables mentioned in `text`.
    public static func variables(in text: String) -> Set<String> {
        Set(placeholders(in: text).map(\.name))
    }

    /// The names of the variables mentioned anywhere in `value`.
    public static func variables(in value: JSONValue) -> Set<String> {
        switch value {
        case .string(let text): return variables(in: text)
        case .array(let elements): return elements.reduce(into: []) { $0.formUnion(variables(in: $1)) }
        case .object(let object):
            return object.members.reduce(into: []) {
                $0.formUnion(variables(in: $1.key)); $0.formUnion(variables(in: $1.value))
            }
        default: return []
        }
    }

    /// `value` with every placeholder replaced.
    public static func substitute(_ value: JSONValue, _ variables: [String: JSONValue])
        throws(MissingVariable) -> JSONValue
    {
        switch value {
        case .string(let text):
            let found = placeholders(in: text)
            guard !found.isEmpty else { return text.contains(escape) ? .string(unescaped(text[...])) : value }
            if found.count == 1, found[0].range == text.startIndex..<text.endIndex {
                guard let replacement = variables[found[0].name] else {
                    throw MissingVariable(name: found[0].name)
                }
                return replacement
            }
            return .string(try substitute(text, variables))
        case .array(let elements):
            var result: [JSONValue] = []
            result.reserveCapacity(elements.count)
            for element in elements { result.append(try substitute(element, variables)) }
            return .array(result)
        case .object(let object):
            var members: [JSONObject.Member] = []
            for member in object.members {
                members.append(
                    (try substitute(member.key, variables), try substitute(member.value, variables)))
            }
            return .object(JSONObject(members))
        default:
            return value
        }
    }

    /// `text` with every placeholder replaced by the value's text (strings raw, others as JSON).
    public static func substitute(_ text: String, _ variables: [String: JSONValue]) throws(MissingVariable)
        -> String
    {
        let found = placeholders(in: text)
        guard !found.isEmpty else { return text.contains(escape) ? unescaped(text[...]) : text }
        var result = ""
        var cursor = text.startIndex
        for placeholder in found {
            result += unescaped(text[cursor..<placeholder.range.lowerBound])
            guard let value = variables[placeholder.name] else {
                throw MissingVariable(name: placeholder.name)
            }
            result += plainText(value)
            cursor = placeholder.range.upperBound
        }
        result += unescaped(text[cursor...])
        return result
    }

    /// The escape that keeps `{{` literal.
    static let escape = "\\{{"

    /// `value` with every `{{` made literal (`\{{`), for example values that come from a document
    /// without variables (an OpenAPI description), so they are sent exactly as written.
    public static func escaped(_ value: JSONValue) -> JSONValue {
        rewritingText(of: value) { $0.contains("{{") ? $0.replacingOccurrences(of: "{{", with: escape) : $0 }
    }

    /// `value` as it is sent when it has no variables: every `\{{` back to `{{`.
    public static func literal(_ value: JSONValue) -> JSONValue {
        rewritingText(of: value) { $0.contains(escape) ? unescaped($0[...]) : $0 }
    }

    /// `value` with `rewrite` applied to every string in it, keys included.
    private static func rewritingText(of value: JSONValue, _ rewrite: (String) -> String) -> JSONValue {
        switch value {
        case .string(let text): return .string(rewrite(text))
        case .array(let elements): return .array(elements.map { rewritingText(of: $0, rewrite) })
        case .object(let object):
            return .object(
                JSONObject(object.members.map { (rewrite($0.key), rewritingText(of: $0.value, rewrite)) }))
        default: return value
        }
    }

    private static func unescaped(_ text: Substring) -> String {
        text.contains(escape) ? text.replacingOccurrences(of: escape, with: "{{") : String(text)
    }

    /// A value as text for interpolation: strings without quotes, everything else as compact JSON.
    public static func plainText(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return value.compactText
    }

    private static func placeholders(in text: String) -> [(name: String, range: Range<String.Index>)] {
        guard text.contains("{{") else { return [] }
        var found: [(String, Range<String.Index>)] = []
        var searchStart = text.startIndex
        while let open = text.range(of: "{{", range: searchStart..<text.endIndex),
            let close = text.range(of: "}}", range: open.upperBound..<text.endIndex)
        {
            if open.lowerBound > text.startIndex, text[text.index(before: open.lowerBound)] == "\\" {
                searchStart = open.upperBound
                continue
            }
            let name = text[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if !name.isEmpty
                && name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" })
            {
                found.append((name, open.lowerBound..<close.upperBound))
            }
            searchStart = close.upperBound
        }
        return found
    }
}

extension Template {
    /// The prefixes of variables whose values come from outside the contract: `{{env.NAME}}` from
    /// the environment, `{{var.NAME}}` from `--var NAME=VALUE`. No example captures them.
    public static let externalPrefixes = ["env.", "var."]

    /// Whether `name` is filled from outside the contract rather than captured by an example.
    public static func isExternal(_ name: String) -> Bool {
        externalPrefixes.contains { name.hasPrefix($0) && name.count > $0.count }
    }

    /// `value` with its external placeholders (`{{env.…}}`, `{{var.…}}`) replaced and every other
    /// placeholder left as written, for the captures the run fills in later.
    public static func substituteExternal(_ value: JSONValue, _ values: [String: JSONValue])
        throws(MissingVariable) -> JSONValue
    {
        switch value {
        case .string(let text):
            let found = placeholders(in: text).filter { isExternal($0.name) }
            guard !found.isEmpty else { return value }
            if found.count == 1, found[0].range == text.startIndex..<text.endIndex {
                guard let replacement = values[found[0].name] else {
                    throw MissingVariable(name: found[0].name)
                }
                return replacement
            }
            return .string(try substituteExternal(text, values))
        case .array(let elements):
            var result: [JSONValue] = []
            for element in elements { result.append(try substituteExternal(element, values)) }
            return .array(result)
        case .object(let object):
            var members: [JSONObject.Member] = []
            for member in object.members {
                members.append(
                    (try substituteExternal(member.key, values), try substituteExternal(member.value, values))
                )
            }
            return .object(JSONObject(members))
        default:
            return value
        }
    }

    /// `text` with its external placeholders replaced, the others kept.
    public static func substituteExternal(_ text: String, _ values: [String: JSONValue])
        throws(MissingVariable)
        -> String
    {
        let found = placeholders(in: text).filter { isExternal($0.name) }
        guard !found.isEmpty else { return text }
        var result = ""
        var cursor = text.startIndex
        for placeholder in found {
            result += text[cursor..<placeholder.range.lowerBound]
            guard let value = values[placeholder.name] else { throw MissingVariable(name: placeholder.name) }
            result += plainText(value)
            cursor = placeholder.range.upperBound
        }
        result += text[cursor...]
        return result
    }
}
