import JSONSchema

/// Lays JSON out for people to read and diff: two-space indentation, and an object or array that
/// fits on its line written on it (`{ "type": "string" }`), as a hand-written schema would be.
struct JSONLayout {
    /// The widest line an inline object or array may make.
    var width = 110

    /// `value` as text, with a final newline.
    func text(_ value: JSONValue) -> String {
        var output = ""
        write(value, indent: 0, column: 0, into: &output)
        return output + "\n"
    }

    /// Writes `value` starting at `column` of a line indented by `indent` levels.
    private func write(_ value: JSONValue, indent: Int, column: Int, into output: inout String) {
        let inline = Self.inline(value)
        if column + inline.count + 1 <= width || !Self.isContainer(value) {
            output += inline
            return
        }
        let padding = String(repeating: "  ", count: indent + 1)
        switch value {
        case .object(let object):
            output += "{\n"
            for (position, member) in object.members.enumerated() {
                let key = padding + Self.scalar(.string(member.key)) + ": "
                output += key
                write(member.value, indent: indent + 1, column: key.count, into: &output)
                output += position == object.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indent) + "}"
        case .array(let elements):
            output += "[\n"
            for (position, element) in elements.enumerated() {
                output += padding
                write(element, indent: indent + 1, column: padding.count, into: &output)
                output += position == elements.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indent) + "]"
        default:
            output += inline
        }
    }

    private static func isContainer(_ value: JSONValue) -> Bool {
        switch value {
        case .object(let object): return !object.isEmpty
        case .array(let elements): return !elements.isEmpty
        default: return false
        }
    }

    /// `value` on one line: `{ "a": 1, "b": [1, 2] }`.
    private static func inline(_ value: JSONValue) -> String {
        switch value {
        case .object(let object) where !object.isEmpty:
            let members = object.members.map { scalar(.string($0.key)) + ": " + inline($0.value) }
            return "{ " + members.joined(separator: ", ") + " }"
        case .array(let elements) where !elements.isEmpty:
            return "[" + elements.map(inline).joined(separator: ", ") + "]"
        default:
            return scalar(value)
        }
    }

    private static func scalar(_ value: JSONValue) -> String { JSONSerializer(style: .compact).string(value) }
}
