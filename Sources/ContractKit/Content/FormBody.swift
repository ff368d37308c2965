import ConformHTTP
import Foundation
public import JSONSchema

/// Form bodies, `application/x-www-form-urlencoded` and `multipart/form-data`, read and written as
/// an object: reading makes each field's text its schema's type (repeated fields an array), so the
/// mock validates a form against its schema like a JSON body; writing lets the fuzzer send the
/// objects it generates as forms. XML bodies are checked by `XMLWellFormedness`.
public enum FormBody {
    /// The boundary of the multipart bodies Conform writes.
    public static let boundary = "conform-form-boundary-7d1b"

    public static func isForm(_ contentType: String) -> Bool {
        let essence = MediaType.essence(contentType)
        return essence == "application/x-www-form-urlencoded" || essence == "multipart/form-data"
    }

    /// The fields of a form body in order, or nil when it cannot be read (a multipart body without
    /// its boundary, or whose parts are not framed by it).
    public static func fields(_ body: [UInt8], contentType: String) -> [(name: String, value: String)]? {
        if MediaType.essence(contentType) == "application/x-www-form-urlencoded" {
            return urlEncoded(String(decoding: body, as: UTF8.self))
        }
        guard let boundary = parameter("boundary", of: contentType), !boundary.isEmpty else { return nil }
        return multipart(body, boundary: boundary)
    }

    /// The object the fields stand for, each value read as the type its property's schema names.
    public static func object(
        _ fields: [(name: String, value: String)], schema: JSONValue?, navigator: SchemaNavigator
    ) -> JSONValue {
        var object = JSONObject()
        for field in fields where object[field.name] == nil {
            let property = schema.flatMap { navigator.property(field.name, of: $0) }
            let values = fields.filter { $0.name == field.name }.map(\.value)
            if let property, navigator.types(of: property).contains("array") {
                let item = navigator.element(0, of: property)
                object[field.name] = .array(values.map { navigator.coerce($0, to: item) })
            } else if values.count > 1 {
                object[field.name] = .array(values.map { JSONValue.string($0) })
            } else {
                object[field.name] = navigator.coerce(values[0], to: property)
            }
        }
        return .object(object)
    }

    /// `value`, an object, written as a form of `contentType`, with the content type to send
    /// (a multipart one names its boundary); nil when a field cannot be a form field (null, a
    /// nested object, an array inside an array), or when the type is not a form.
    public static func encode(_ value: JSONValue, contentType: String) -> (
        bytes: [UInt8], contentType: String
    )? {
        guard case .object(let object) = value, isForm(contentType) else { return nil }
        var fields: [(name: String, value: String)] = []
        for member in object.members {
            switch member.value {
            case .null, .object: return nil
            case .array(let elements):
                for element in elements {
                    switch element {
                    case .null, .object, .array: return nil
                    default: fields.append((member.key, Template.plainText(element)))
                    }
                }
            default:
                fields.append((member.key, Template.plainText(member.value)))
            }
        }
        if MediaType.essence(contentType) == "application/x-www-form-urlencoded" {
            let text = fields.map { formEncoded($0.name) + "=" + formEncoded($0.value) }.joined(
                separator: "&")
            return (Array(text.utf8), "application/x-www-form-urlencoded")
        }
        guard !fields.contains(where: { $0.value.contains(boundary) || $0.name.contains("\"") }) else {
            return nil
        }
        var text = ""
        for field in fields {
            text +=
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field.name)\"\r\n\r\n\(field.value)\r\n"
        }
        text += "--\(boundary)--\r\n"
        return (Array(text.utf8), "multipart/form-data; boundary=\(boundary)")
    }

    private static let formUnreserved = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._*")

    /// A name or value as `application/x-www-form-urlencoded` writes it (space as `+`).
    private static func formEncoded(_ text: String) -> String {
        let encoded =
            text.addingPercentEncoding(withAllowedCharacters: formUnreserved.union(.init(charactersIn: " ")))
            ?? text
        return encoded.replacingOccurrences(of: " ", with: "+")
    }

    private static func urlEncoded(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { item in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String {
                let spaced = part.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return (decode(pair[0]), pair.count > 1 ? decode(pair[1]) : "")
        }
    }

    private static func parameter(_ name: String, of contentType: String) -> String? {
        for part in contentType.split(separator: ";").dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard pair.count == 2, pair[0].lowercased() == name else { continue }
            return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }

    private static func multipart(_ body: [UInt8], boundary: String) -> [(name: String, value: String)]? {
        let text = String(decoding: body, as: UTF8.self)
        let delimiter = "--" + boundary
        let chunks = text.components(separatedBy: delimiter)
        guard chunks.count >= 2, chunks.last?.hasPrefix("--") == true else { return nil }
        var fields: [(name: String, value: String)] = []
        for chunk in chunks.dropFirst().dropLast() {
            // "\r\n" is one Character in Swift, so one drop removes it.
            let part = chunk.hasPrefix("\r\n") ? String(chunk.dropFirst()) : chunk
            guard let split = part.range(of: "\r\n\r\n") else { return nil }
            let head = part[..<split.lowerBound]
            var value = String(part[split.upperBound...])
            if value.hasSuffix("\r\n") { value.removeLast() }
            guard
                let disposition = head.components(separatedBy: "\r\n").first(where: {
                    $0.lowercased().hasPrefix("content-disposition:")
                }), let name = parameter("name", of: disposition)
            else { return nil }
            fields.append((name, value))
        }
        return fields
    }
}
