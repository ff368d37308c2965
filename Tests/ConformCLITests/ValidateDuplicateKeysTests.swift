import Testing

@Suite("validate: duplicate keys")
struct ValidateDuplicateKeysTests {
    @Test("a document with a key given twice is accepted with one warning line per duplicate")
    func warns() async throws {
        let schema = try temporaryFile(#"{"type":"object"}"#, name: "schema.json")
        let result = await conform(
            "validate", "--schema", schema, stdin: "{\"a\": 1,\n \"a\": 2, \"b\": {\"c\": 1, \"c\": 1}}")
        #expect(result.code == .success)
        let warnings = result.err.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.count == 2, "\(result.err)")
        #expect(
            warnings.first
                == "<stdin>:2:2: warning: duplicate key \"a\" at /a (first at 1:2, again at 2:2; the last value is kept)"
        )
        #expect(result.out.contains("<stdin>: valid"))
    }
}
