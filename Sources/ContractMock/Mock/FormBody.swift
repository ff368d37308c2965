import ContractKit
import Foundation
import JSONSchema

/// Reads the request bodies that are not JSON: `application/x-www-form-urlencoded` and
/// `multipart/form-data` become an object (each field's text read as its schema's type, repeated
/// fields as arrays), so the mock validates them against their schema like a JSON body; XML bodies
/// are checked by `XMLWellFormedness` and read by `XMLBody`.
enum FormBody {
    static func isForm(_ contentType: String) -> Bool {
        let essence = MediaType.essence(contentType)
        return essence == "application/x-www-form-urlencoded" || essence == "multipart/form-data"
    }

    /// The fields of a form body in order, or nil when it cannot be read (a multipart body without
    /// its boundary, or whose parts are not framed by it).
    static func fields(_ body: [UInt8], contentType: String) -> [(name: String, value: String)]? {
        if MediaType.essence(contentType) == "application/x-www-form-urlencoded" {
            return urlEncoded(String(decoding: body, as: UTF8.self))
        }
        guard let boundary = parameter("boundary", of: contentType), !boundary.isEmpty else { return nil }
        return multipart(body, boundary: boundary)
    }

    /// The object the fields stand for, each value read as the type its property's schema names.
    static func object(
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
