import ConformHTTP
import ContractKit
import Testing

@Suite("Output safety")
struct OutputSafetyTests {
    @Test("control characters are escaped for the terminal, other text is untouched")
    func terminal() {
        #expect(
            TerminalText.escapingControlCharacters("a\u{1B}]0;x\u{07}b\u{0}c\u{9B}")
                == "a\\u001b]0;x\\u0007b\\u0000c\\u009b")
        #expect(TerminalText.escapingControlCharacters("tab\tand café ✓") == "tab\tand café ✓")
    }

    @Test("a case result is masked by value everywhere, bodies that are not UTF-8 included")
    func redactingResult() {
        let redaction = Redaction(additional: ["X-Api-Key"], secretValues: ["env-secret-1"])
        var result = CaseResult(
            id: "a/b", endpointID: "a", name: "b", method: "GET", path: "/", outcome: .failed,
            findings: [
                Finding(
                    check: .assertions, message: "saw tok-123456 and env-secret-1", actual: "key-42424242")
            ],
            reason: "tok-123456",
            request: HTTPRequest(
                method: "GET", url: "http://h/?k=key-42424242",
                headers: [
                    HeaderField("Authorization", "Bearer tok-123456"),
                    HeaderField("X-Api-Key", "key-42424242"),
                ]),
            curl: "curl -H 'X-Api-Key: key-42424242'")
        result.response = HTTPResponse(
            status: 200,
            headers: [HeaderField("X-Echo", "Bearer tok-123456"), HeaderField("Set-Cookie", "s=1")],
            body: [0xFF, 0xFE] + Array("tok-123456 env-secret-1".utf8) + [0xC3])
        let redacted = redaction.redacting(result)
        let everything =
            "\(redacted.findings) \(redacted.reason ?? "") \(redacted.curl ?? "") \(String(describing: redacted.request)) \(String(describing: redacted.response?.headers))"
            + String(decoding: redacted.response?.body ?? [], as: UTF8.self)
        for secret in ["tok-123456", "key-42424242", "env-secret-1", "s=1"] {
            #expect(!everything.contains(secret), "\(secret) survived: \(everything)")
        }
        #expect(redacted.response?.body.prefix(2) == [0xFF, 0xFE])
    }
}
