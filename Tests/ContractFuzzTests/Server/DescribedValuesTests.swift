import JSONSchema
import Testing

@testable import ContractFuzz

/// What a description's words say about a value, read only where they say it plainly.
@Suite("Descriptions read for the values they allow")
struct DescribedValuesTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var words: String
        var name = ""
        var values: [JSONValue]?
        var bounds: [String: JSONNumber] = [:]
        var restricts = false
        var requiredSometimes = false
        var testDescription: String { words }
    }

    static let cases: [Case] = [
        Case(words: "Return content (0 for no content, 1 for return content)", values: [0, 1]),
        Case(
            words: "May return hash (0 for no hash - default, 1 for return hash). It may be ignored.",
            values: [0, 1]),
        Case(
            words: "Path dtype ('notebook', 'file', 'directory')", values: ["notebook", "file", "directory"]),
        Case(
            words: "Format of content (one of null, 'text', 'base64', 'json')",
            values: [nil, "text", "base64", "json"]),
        Case(words: "Either 0 or 1.", values: [0, 1]),
        Case(words: "The sort order, one of 'asc', 'desc'.", values: ["asc", "desc"]),
        Case(
            words: "The size of each history interval, in seconds. Must be at least 1 second.",
            bounds: ["minimum": 1]),
        Case(words: "Page size, between 1 and 200", bounds: ["minimum": 1, "maximum": 200]),
        Case(words: "No more than 50 items are returned", bounds: ["maximum": 50]),
        Case(words: "Delay in seconds; at most 3600", bounds: ["maximum": 3600]),
        Case(words: "Must be at least 10 minutes", restricts: true),
        Case(words: "Retention. Minimum 1 hour. Accepts seconds.", restricts: true),
        Case(words: "The kernel's name; must be a valid kernelspec name", restricts: true),
        Case(
            words: "The block document's name. Not required for anonymous block documents.",
            requiredSometimes: true),
        Case(
            words:
                "JSON-serialized dictionary of `{\"resource\": [\"action\",]}` (dict of lists of strings) to check.",
            restricts: true),
        Case(words: "Name of file or directory, equivalent to the last part of the path"),
        Case(words: "Only include runs that start or end after this time."),
        Case(words: "The API key. Should be kept secret."),
        Case(words: "File path (use / to separate folders)"),
    ]

    @Test("words read as values, bounds, a restriction, or nothing", arguments: cases)
    func reading(_ example: Case) {
        let read = DescribedValues.read(example.words, name: example.name)
        #expect(read.values == example.values)
        #expect(read.bounds == example.bounds)
        #expect(read.restricts == example.restricts)
        #expect(read.requiredSometimes == example.requiredSometimes)
    }
}
