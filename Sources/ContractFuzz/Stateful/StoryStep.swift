import ConformHTTP
import ContractKit
import JSONSchema

/// One request of a story about a resource, and what came back: what a stateful finding shows, so
/// a person can follow the sequence and replay it.
struct StoryStep: Sendable {
    var record: HTTPRequest
    var answer: Result<HTTPResponse, TransportError>
    /// The value this step carried forward (an id read from the answer), for the story.
    var carried: String?

    var status: Int? { try? answer.get().status }
    var body: JSONValue? { (try? answer.get()).flatMap { try? JSONParser.parse($0.body) } }
    var succeeded: Bool { status.map { (200..<300).contains($0) } ?? false }

    /// `POST /books → 201, id 7`, with the path as sent (no base URL).
    func line(_ number: Int, baseURL: String) -> String {
        var path = record.url
        let base = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        if path.hasPrefix(base) { path = String(path.dropFirst(base.count)) }
        let outcome: String
        switch answer {
        case .success(let response): outcome = String(response.status)
        case .failure(let error): outcome = "no answer (\(error))"
        }
        return "\(number). \(record.method) \(path) → \(outcome)" + (carried.map { ", \($0)" } ?? "")
    }
}

/// The steps of a story so far, with what a finding about them needs.
struct StoryLog: Sendable {
    var steps: [StoryStep] = []
    let baseURL: String
    let redaction: Redaction

    mutating func append(_ step: StoryStep) { steps.append(step) }

    /// A finding about the story: its last steps (at most 8) and their reproducer, one curl a line.
    func finding(_ check: CheckName, _ message: String, expected: String, actual: String) -> Finding {
        let shown = Array(steps.suffix(8))
        let first = steps.count - shown.count + 1
        let lines = shown.enumerated().map { $0.element.line(first + $0.offset, baseURL: baseURL) }
        let cases = CaseBuilder(redaction: redaction)
        let curl = shown.map { cases.reproducer($0.record) }.joined(separator: "\n")
        return Finding(
            check: check, message: message, expected: expected, actual: actual, status: shown.last?.status,
            curl: curl, steps: lines)
    }
}
