import Foundation
import JSONSchema

/// Translates the value of a link parameter (an OpenAPI runtime expression or a constant) into the
/// value a target example sends and the captures the source example needs.
///
/// `$response.body#/id` becomes `{{variable}}` with the capture `"/id"`; `$response.header.Location`
/// becomes `{{variable}}` with the capture `{"header": "Location"}`; a string that embeds such
/// expressions (`"items/{$response.body#/id}"`) becomes an interpolated template; any other value is
/// sent as it is. Expressions about the request (`$request.…`, `$url`, `$method`, `$statusCode`)
/// have no contract equivalent and give nil, with a warning.
enum OpenAPILinkExpression {
    struct Converted {
        var value: JSONValue
        var captures: [(variable: String, capture: JSONValue)]
    }

    static func convert(
        _ value: JSONValue, variable: String, at pointer: JSONPointer, log: inout OpenAPIWarningLog
    )
        -> Converted?
    {
        guard case .string(let text) = value else { return Converted(value: value, captures: []) }
        if text.hasPrefix("$") {
            guard let capture = capture(text, at: pointer, log: &log) else { return nil }
            return Converted(value: .string("{{\(variable)}}"), captures: [(variable, capture)])
        }
        guard text.contains("{$") else { return Converted(value: value, captures: []) }
        var result = ""
        var captures: [(variable: String, capture: JSONValue)] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{$") {
            guard let close = rest[open.upperBound...].firstIndex(of: "}") else { break }
            result += rest[..<open.lowerBound]
            let expression = String(rest[rest.index(after: open.lowerBound)..<close])
            guard let capture = capture(expression, at: pointer, log: &log) else { return nil }
            let name = captures.isEmpty ? variable : "\(variable)_\(captures.count + 1)"
            captures.append((name, capture))
            result += "{{\(name)}}"
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return Converted(value: .string(result), captures: captures)
    }

    /// The capture for `$response.body#/pointer` or `$response.header.Name`.
    private static func capture(_ expression: String, at pointer: JSONPointer, log: inout OpenAPIWarningLog)
        -> JSONValue?
    {
        let bodyPrefix = "$response.body"
        let headerPrefix = "$response.header."
        if expression == bodyPrefix { return .string("") }
        if expression.hasPrefix(bodyPrefix + "#") {
            let text = String(expression.dropFirst(bodyPrefix.count + 1))
            let decoded = text.removingPercentEncodingIfNeeded
            guard JSONPointer(decoded) != nil else {
                log.warn(
                    "\"\(expression)\" does not end in a JSON pointer; the link value is not replayed",
                    at: pointer)
                return nil
            }
            return .string(decoded)
        }
        if expression.hasPrefix(headerPrefix), expression.count > headerPrefix.count {
            let name = String(expression.dropFirst(headerPrefix.count))
            return .object(JSONObject([("header", .string(name))]))
        }
        log.warn(
            "runtime expression \"\(expression)\" is not supported (only $response.body#/pointer and $response.header.Name); the link value is not replayed",
            at: pointer)
        return nil
    }
}

extension String {
    /// Percent-decoded when it holds an escape, as JSON pointers in URI fragments may.
    fileprivate var removingPercentEncodingIfNeeded: String {
        guard contains("%") else { return self }
        return removingPercentEncoding ?? self
    }
}
