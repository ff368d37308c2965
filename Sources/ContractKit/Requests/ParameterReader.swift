public import JSONSchema

/// Reads a parameter's value back from a request, as its `style` and `explode` wrote it: the
/// mirror of ``ParameterSerializer``, for the mock (and anything else that receives requests).
///
/// Text becomes the type the schema asks for (`"3"` an integer, `"true"` a boolean); there is no
/// null in a query string, a path or a header, so `"null"` stays the text it is.
public struct ParameterReader: Sendable {
    public let navigator: SchemaNavigator

    public init(navigator: SchemaNavigator) { self.navigator = navigator }

    /// The value of a query parameter among the request's decoded `pairs`; nil when it is absent.
    ///
    /// - Parameter others: The names of the operation's other query parameters, which an exploded
    ///   form object with `additionalProperties` does not take as its members.
    public func queryValue(
        of parameter: Parameter, in pairs: [(name: String, value: String)],
        others: @autoclosure () -> Set<String> = []
    ) -> JSONValue? {
        let schema = parameter.schemaPointer.flatMap(navigator.schema(at:))
        let types = schema.map(navigator.types(of:)) ?? []
        let name = parameter.name
        if types.contains("object"), let schema {
            if parameter.style == .deepObject {
                let prefix = name + "["
                let members = pairs.filter { $0.name.hasPrefix(prefix) && $0.name.hasSuffix("]") }
                guard !members.isEmpty else { return nil }
                return object(
                    members.map { (String($0.name.dropFirst(prefix.count).dropLast()), $0.value) }, schema)
            }
            if parameter.style == .form && parameter.explode {
                // Its properties are pairs of their own; a free-form object (`additionalProperties`
                // a schema or true) takes every pair no other parameter names.
                let resolved = navigator.resolve(schema)
                let known = Set(resolved["properties"]?.objectValue?.keys ?? [])
                let additional = resolved["additionalProperties"]
                let takesOthers = additional != nil && additional != .bool(false)
                let excluded = takesOthers ? others() : []
                let members = pairs.filter {
                    known.contains($0.name) || (takesOthers && !excluded.contains($0.name))
                }
                return members.isEmpty ? nil : object(members.map { ($0.name, $0.value) }, schema)
            }
        }
        let values = pairs.filter { $0.name == name }.map(\.value)
        guard let last = values.last else { return nil }
        if types.contains("array") {
            let item = schema.flatMap { navigator.element(0, of: $0) }
            let texts =
                parameter.explode && parameter.style != .deepObject
                ? values : last.components(separatedBy: parameter.style.delimiter)
            return .array(texts.map { navigator.coerce($0, to: item) })
        }
        if types.contains("object"), let schema {
            return object(pairs: last.components(separatedBy: parameter.style.delimiter), schema)
        }
        return navigator.coerce(last, to: schema)
    }

    /// The value of a path parameter from its decoded placeholder text.
    public func pathValue(of parameter: Parameter, text: String) -> JSONValue {
        var text = text
        switch parameter.style {
        case .label where text.hasPrefix("."):
            text.removeFirst()
            if parameter.explode { text = text.replacingOccurrences(of: ".", with: ",") }
        case .matrix:
            let assignment = ";\(parameter.name)="
            if parameter.explode, text.hasPrefix(assignment) {
                text = text.components(separatedBy: assignment).dropFirst().joined(separator: ",")
            } else if text.hasPrefix(assignment) {
                text.removeFirst(assignment.count)
            } else if text.hasPrefix(";") {
                text = text.dropFirst().replacingOccurrences(of: ";", with: ",")
            }
        default:
            break
        }
        return simpleValue(of: parameter, text: text)
    }

    /// The value of a header parameter from its field value.
    public func headerValue(of parameter: Parameter, text: String) -> JSONValue {
        simpleValue(of: parameter, text: text)
    }

    /// `simple` text (`1,2`; an object `k,v` or, exploded, `k=v`) as the schema's type.
    private func simpleValue(of parameter: Parameter, text: String) -> JSONValue {
        let schema = parameter.schemaPointer.flatMap(navigator.schema(at:))
        let types = schema.map(navigator.types(of:)) ?? []
        if types.contains("object"), let schema {
            let parts = text.components(separatedBy: ",")
            if parameter.explode || parts.contains(where: { $0.contains("=") }) {
                let members = parts.map { part -> (String, String) in
                    let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    return (String(pair[0]), pair.count > 1 ? String(pair[1]) : "")
                }
                return object(members, schema)
            }
            return object(pairs: parts, schema)
        }
        return navigator.coerce(text, to: schema)
    }

    /// An object from `key, value, key, value` texts.
    private func object(pairs texts: [String], _ schema: JSONValue) -> JSONValue {
        var members: [(String, String)] = []
        var index = 0
        while index + 1 < texts.count {
            members.append((texts[index], texts[index + 1]))
            index += 2
        }
        if index < texts.count { members.append((texts[index], "")) }
        return object(members, schema)
    }

    private func object(_ members: [(String, String)], _ schema: JSONValue) -> JSONValue {
        var object = JSONObject()
        for (key, text) in members {
            object[key] = navigator.coerce(text, to: navigator.property(key, of: schema))
        }
        return .object(object)
    }
}
