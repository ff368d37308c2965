import Foundation
import JSONSchema

/// Takes a captured value out of a response: a body value by pointer or a header, optionally
/// narrowed by a regular expression (its first group, else the whole match).
enum CaptureExtractor {
    struct Problem: Error {
        var message: String
        var pointer: String?
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
