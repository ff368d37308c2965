import ContractKit
import JSONSchema

/// Renders a JSON value as a well-formed XML document, for operations that answer XML first.
enum XMLRendering {
    static func document(_ value: JSONValue, root: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + element(name(root), value) + "\n"
    }

    private static func element(_ tag: String, _ value: JSONValue) -> String {
        switch value {
        case .object(let object):
            let children = object.members.map { element(name($0.key), $0.value) }.joined()
            return "<\(tag)>\(children)</\(tag)>"
        case .array(let elements):
            return "<\(tag)>" + elements.map { element("item", $0) }.joined() + "</\(tag)>"
        case .null:
            return "<\(tag)/>"
        case .string(let text):
            return "<\(tag)>\(XMLText.content(text))</\(tag)>"
        default:
            return "<\(tag)>\(XMLText.content(value.compactText))</\(tag)>"
        }
    }

    /// An XML name built from a JSON key: letters, digits, `-`, `_` and `.`, never starting with a
    /// digit or punctuation.
    private static func name(_ key: String) -> String {
        let allowed = key.unicodeScalars.map { scalar -> Character in
            let c = Character(scalar)
            return c.isLetter || c.isNumber || c == "-" || c == "_" || c == "." ? c : "_"
        }
        var result = String(allowed)
        if result.isEmpty || !(result.first?.isLetter ?? false || result.first == "_") {
            result = "_" + result
        }
        return result
    }
}
