import ContractKit
import Foundation
import JSONSchema

/// Reads the request bodies that are not JSON: `application/x-www-form-urlencoded` and
/// `multipart/form-data` become an object (each field's text read as its schema's type, repeated
/// fields as arrays), so the mock validates them against their schema like a JSON body; XML is
/// checked for well-formedness only (a contract keeps no XML schema).
enum FormBody {
    static func isForm(_ contentType: String) -> Bool {
        let essence = MediaType.essence(contentType)
        return essence == "application/x-www-form-urlencoded" || essence == "multipart/form-data"
    }

    static func isXML(_ contentType: String) -> Bool {
        let essence = MediaType.essence(contentType)
        return essence.hasSuffix("/xml") || essence.hasSuffix("+xml")
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

    /// Why an XML body is not well-formed, or nil when it is: one root element, every tag
    /// closed in order, comments, processing instructions and CDATA closed.
    static func xmlProblem(_ body: [UInt8]) -> String? {
        let scalars = Array(String(decoding: body, as: UTF8.self).unicodeScalars)
        var index = 0
        var open: [String] = []
        var roots = 0
        func starts(_ text: String) -> Bool {
            let wanted = Array(text.unicodeScalars)
            return index + wanted.count <= scalars.count
                && Array(scalars[index..<index + wanted.count]) == wanted
        }
        func skip(past text: String) -> Bool {
            let wanted = Array(text.unicodeScalars)
            while index + wanted.count <= scalars.count {
                if Array(scalars[index..<index + wanted.count]) == wanted {
                    index += wanted.count
                    return true
                }
                index += 1
            }
            return false
        }
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "<" else {
                if open.isEmpty, !CharacterSet.whitespacesAndNewlines.contains(scalar) {
                    return "text outside the root element"
                }
                index += 1
                continue
            }
            if starts("<?") {
                guard skip(past: "?>") else { return "an unclosed processing instruction" }
            } else if starts("<!--") {
                guard skip(past: "-->") else { return "an unclosed comment" }
            } else if starts("<![CDATA[") {
                guard !open.isEmpty, skip(past: "]]>") else { return "a CDATA section outside or unclosed" }
            } else if starts("<!") {
                guard open.isEmpty, roots == 0, skip(past: ">") else { return "a misplaced declaration" }
            } else {
                index += 1
                let closing = index < scalars.count && scalars[index] == "/"
                if closing { index += 1 }
                var name = ""
                while index < scalars.count, !CharacterSet.whitespacesAndNewlines.contains(scalars[index]),
                    scalars[index] != ">", scalars[index] != "/"
                {
                    name.unicodeScalars.append(scalars[index])
                    index += 1
                }
                guard !name.isEmpty else { return "a tag without a name" }
                var quote: Unicode.Scalar?
                var selfClosing = false
                while index < scalars.count {
                    let current = scalars[index]
                    if let open = quote {
                        if current == open { quote = nil }
                    } else if current == "\"" || current == "'" {
                        quote = current
                    } else if current == ">" {
                        selfClosing = index > 0 && scalars[index - 1] == "/"
                        break
                    } else if current == "<" {
                        return "\"<\" inside the tag <\(name)>"
                    }
                    index += 1
                }
                guard index < scalars.count else { return "the tag <\(name)> is not closed" }
                index += 1
                if closing {
                    guard open.last == name else {
                        return "</\(name)> closes \(open.last.map { "<\($0)>" } ?? "nothing")"
                    }
                    open.removeLast()
                } else {
                    if open.isEmpty { roots += 1 }
                    guard roots == 1 else { return "more than one root element" }
                    if !selfClosing { open.append(name) }
                }
            }
        }
        if let last = open.last { return "<\(last)> is never closed" }
        return roots == 1 ? nil : "no root element"
    }
}
