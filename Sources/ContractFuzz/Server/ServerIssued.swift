import ContractKit
import JSONSchema

/// Parameters whose values only the server can issue: a page token, a cursor, a continuation
/// marker. Any other text is a value the server never gave, so a valid request carries one an
/// answer gave (the `_token` in Kinto's `Next-Page` link) or leaves the parameter out; a made-up
/// `_token` refused with 400 is the server doing its job, not rejecting valid data.
///
/// Read from the name, for a plain string (no `enum`, `pattern`, `format` or `const`, which would
/// say what values are made of) in the query or a header.
enum ServerIssued {
    /// Names (lowercased, without `_` and `-`) of parameters that carry server-issued values.
    static let names: Set<String> = [
        "token", "pagetoken", "nextpagetoken", "nexttoken", "continuationtoken", "continuation", "cursor",
        "nextcursor", "pagecursor", "marker", "nextmarker", "startingafter", "endingbefore", "startafter",
        "exclusivestartkey", "pageafter", "pagebefore", "after", "before", "resumetoken", "scrollid",
    ]

    static func isServerIssued(_ parameter: Parameter, schema: JSONValue, navigator: SchemaNavigator) -> Bool
    {
        guard parameter.location != .path, names.contains(LiveValues.normalized(parameter.name)) else {
            return false
        }
        let resolved = navigator.resolve(schema)
        let types = navigator.types(of: resolved)
        guard types.contains("string"), types.allSatisfy({ $0 == "string" || $0 == "null" }) else {
            return false
        }
        return ["enum", "pattern", "format", "const"].allSatisfy { resolved[$0] == nil }
    }
}
