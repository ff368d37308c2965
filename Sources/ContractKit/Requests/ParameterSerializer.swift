public import JSONSchema

/// Writes a parameter's value into a request as its `style` and `explode` say (RFC 6570
/// expansions, as OpenAPI uses them), for run, fuzz and everything else that sends requests.
///
/// A value that cannot be carried faithfully gets nil, so a caller never sends it as "valid":
/// `null` (a query string, a path and a header have no null: OpenAPI leaves such a parameter out),
/// an empty array (it reads back as absent), a container inside a container, and elements that
/// hold their own delimiter (`"a,b"` in a comma-separated list splits in two).
public enum ParameterSerializer {
    /// The `name=value` pairs of a query parameter, unencoded; nil when the value cannot be carried.
    public static func queryPairs(_ value: JSONValue, for parameter: Parameter) -> [(
        name: String, value: String
    )]? {
        let name = parameter.name
        switch value {
        case .null:
            return nil
        case .array(let elements):
            guard let texts = scalars(elements), !texts.isEmpty else { return nil }
            if parameter.explode && parameter.style != .deepObject { return texts.map { (name, $0) } }
            guard parameter.style != .deepObject else { return nil }
            return joined(texts, by: parameter.style.delimiter).map { [(name, $0)] }
        case .object(let object):
            guard !object.isEmpty, let texts = scalars(object.members.map(\.value)) else { return nil }
            let keys = object.members.map(\.key)
            switch parameter.style {
            case .deepObject:
                return zip(keys, texts).map { ("\(name)[\($0)]", $1) }
            case .form where parameter.explode:
                return Array(zip(keys, texts)).map { (name: $0, value: $1) }
            default:
                let flat = zip(keys, texts).flatMap { [$0, $1] }
                return joined(flat, by: parameter.style.delimiter).map { [(name, $0)] }
            }
        default:
            return [(name, Template.plainText(value))]
        }
    }

    /// The text that stands for a path placeholder, unencoded (a `label` value starts with `.`, a
    /// `matrix` one with `;name=`); nil when the value cannot be carried or is empty (an empty
    /// segment routes elsewhere).
    public static func pathText(_ value: JSONValue, for parameter: Parameter) -> String? {
        guard
            let text = simpleText(
                value, explode: parameter.explode, style: parameter.style, name: parameter.name)
        else { return nil }
        switch parameter.style {
        case .label, .matrix: return text
        default: return text.isEmpty || text == "." || text == ".." ? nil : text
        }
    }

    /// A header parameter's value; nil when it cannot be carried (empty, surrounding spaces or
    /// control characters are not kept by HTTP).
    public static func headerText(_ value: JSONValue, for parameter: Parameter) -> String? {
        guard let text = simpleText(value, explode: parameter.explode, style: .simple, name: parameter.name),
            !text.isEmpty, text == text.trimmingSpaces, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F })
        else { return nil }
        return text
    }

    /// A scalar as text, an array or object spread as `simple`, `label` or `matrix` write them.
    private static func simpleText(_ value: JSONValue, explode: Bool, style: ParameterStyle, name: String)
        -> String?
    {
        let (prefix, separator, assignment): (String, String, Bool) =
            switch style {
            case .label: (".", explode ? "." : ",", false)
            case .matrix: (";", explode ? ";" : ",", true)
            default: ("", ",", false)
            }
        switch value {
        case .null:
            return nil
        case .array(let elements):
            guard let texts = scalars(elements), !texts.isEmpty,
                let list = joined(texts, by: separator, forbidding: [",", separator])
            else { return nil }
            guard assignment else { return prefix + list }
            return explode ? texts.map { ";\(name)=\($0)" }.joined() : ";\(name)=" + list
        case .object(let object):
            guard !object.isEmpty, let texts = scalars(object.members.map(\.value)) else { return nil }
            let keys = object.members.map(\.key)
            if explode {
                let pairs = zip(keys, texts).map { "\($0)=\($1)" }
                return prefix + pairs.joined(separator: separator)
            }
            guard let list = joined(zip(keys, texts).flatMap { [$0, $1] }, by: ",") else { return nil }
            return assignment ? ";\(name)=" + list : prefix + list
        default:
            let text = Template.plainText(value)
            return assignment ? ";\(name)=" + text : prefix + text
        }
    }

    /// The texts of scalar elements; nil when one is a container or null.
    private static func scalars(_ elements: [JSONValue]) -> [String]? {
        var texts: [String] = []
        for element in elements {
            switch element {
            case .array, .object, .null: return nil
            default: texts.append(Template.plainText(element))
            }
        }
        return texts
    }

    /// The texts joined by `delimiter`; nil when one holds it (or another forbidden text), since
    /// the server would then read more elements than were sent.
    private static func joined(_ texts: [String], by delimiter: String, forbidding: [String] = []) -> String?
    {
        let forbidden = Set([delimiter] + forbidding)
        guard !texts.contains(where: { text in forbidden.contains { text.contains($0) } }) else { return nil }
        return texts.joined(separator: delimiter)
    }
}

extension String {
    /// Without leading and trailing spaces and tabs (what HTTP strips from a field value).
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
