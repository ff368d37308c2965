import ConformHTTP
import Foundation
public import JSONSchema

/// Takes a captured value out of a response: a body value by pointer or a header, optionally
/// narrowed by a regular expression (its first group, else the whole match).
public enum CaptureExtractor {
    struct Problem: Error {
        var message: String
        var pointer: String?
    }

    /// Every value the capture's place stands for in `body`: its array indices read as "every
    /// element" (`/items/0/id` → each `/items/*/id`), each narrowed by the capture's regex, in
    /// order. A capture of the first menu item's id gives every menu item's id, so requests that
    /// use the capture can reach all of them, not only the first.
    public static func family(of capture: Capture, body: JSONValue?) -> [JSONValue] {
        guard case .body(let pointer) = capture.source, let body else { return [] }
        let pattern = PointerPattern(
            tokens: pointer.tokens.map { JSONPointer.arrayIndex($0) != nil ? .wildcard : .name($0) })
        let regex = capture.regex.flatMap { try? NSRegularExpression(pattern: $0) }
        return pattern.matches(in: body).compactMap { match in
            guard let regex else { return match.value }
            let text = Template.plainText(match.value)
            guard let found = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else {
                return nil
            }
            let group = found.numberOfRanges > 1 && found.range(at: 1).location != NSNotFound ? 1 : 0
            return Range(found.range(at: group), in: text).map { .string(String(text[$0])) }
        }
    }

    static func value(of capture: Capture, from response: HTTPResponse, body: JSONValue?) -> Result<
        JSONValue, Problem
    > {
        var value: JSONValue
        switch capture.source {
        case .body(let pointer):
            guard let body else {
                return .failure(Problem(message: "the body is not JSON", pointer: pointer.description))
            }
            guard let found = pointer.resolve(in: body) else {
                return .failure(
                    Problem(
                        message: "nothing at \(pointer.displayText) in the body", pointer: pointer.description
                    ))
            }
            value = found
        case .header(let name):
            guard let header = response.header(name) else {
                return .failure(Problem(message: "no \(name) header in the response", pointer: nil))
            }
            value = .string(header)
        }
        if let pattern = capture.regex {
            let text = Template.plainText(value)
            guard let regex = try? NSRegularExpression(pattern: pattern) else {
                return .failure(Problem(message: "the capture regex \(pattern) is invalid", pointer: nil))
            }
            guard let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else {
                return .failure(
                    Problem(
                        message: "\(BodyPreview.json(value, limit: 60)) does not match \(pattern)",
                        pointer: nil))
            }
            let group = match.numberOfRanges > 1 && match.range(at: 1).location != NSNotFound ? 1 : 0
            guard let range = Range(match.range(at: group), in: text) else {
                return .failure(
                    Problem(message: "the capture regex \(pattern) matched nothing usable", pointer: nil))
            }
            value = .string(String(text[range]))
        }
        return .success(value)
    }
}
