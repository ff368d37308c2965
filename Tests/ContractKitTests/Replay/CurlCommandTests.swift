import ConformHTTP
import ContractKit
import Testing

/// Reproducers are copied into findings, reports and the terminal: they stay one short line.
@Suite("curl reproducers stay short")
struct CurlCommandTests {
    private func request(body: [UInt8], type: String? = "application/json") -> HTTPRequest {
        HTTPRequest(
            method: "POST", url: "http://127.0.0.1:8080/orders",
            headers: type.map { [HeaderField("Content-Type", $0)] } ?? [], body: body)
    }

    @Test("a body within the limit is inlined, quoted for the shell")
    func smallBodyInlined() {
        let line = CurlCommand.render(request(body: Array(#"{"note":"it's"}"#.utf8)))
        #expect(line.hasSuffix(#"--data-binary '{"note":"it'\''s"}'"#), "\(line)")
    }

    @Test("a body one byte over the limit is described, never inlined")
    func largeBodyDescribed() {
        let body = Array(#"{"name":""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: 11 * 1_048_576)
        let line = CurlCommand.render(request(body: body))
        #expect(line.utf8.count < 400, "\(line.prefix(500))")
        #expect(
            line.contains(
                "--data-binary @body  # body not inlined: 11.0 MiB of JSON, starts with {\"name\":\"xxx"))
        #expect(!line.contains("\n"))
        let edge = CurlCommand.render(
            request(body: Array(repeating: UInt8(ascii: "a"), count: CurlCommand.inlineBodyLimit + 1)))
        #expect(edge.contains("body not inlined: 2.0 KiB of JSON"), "\(edge)")
        let fits = CurlCommand.render(
            request(body: Array(repeating: UInt8(ascii: "a"), count: CurlCommand.inlineBodyLimit)))
        #expect(!fits.contains("#") && fits.utf8.count > CurlCommand.inlineBodyLimit)
    }

    @Test("a saved body is referenced with @file and described in a comment")
    func savedBodyReferenced() {
        let body = Array(repeating: UInt8(ascii: "["), count: 4_000)
        let line = CurlCommand.render(
            request(body: body, type: nil), bodyFile: "Reports/c.fuzz.bodies/1 big.json")
        #expect(
            line.contains(
                "--data-binary '@Reports/c.fuzz.bodies/1 big.json'  # 3.9 KiB of JSON, starts with [[["),
            "\(line)")
    }

    @Test("control and non-ASCII bytes of a preview are escaped, so it stays one printable line")
    func previewEscaped() {
        let body: [UInt8] = [0xEF, 0xBB, 0xBF, 0x0A, 0x1B] + Array(repeating: 0x41, count: 3_000)
        let text = CurlCommand.describe(body, contentType: "text/plain; charset=utf-8")
        #expect(text.hasPrefix(#"2.9 KiB of text/plain, starts with \xef\xbb\xbf\n\x1bAAA"#), "\(text)")
        #expect(text.hasSuffix("…"))
        #expect(text.unicodeScalars.allSatisfy { $0.value >= 0x20 })
    }

    @Test(
        "sizes read like people write them",
        arguments: [
            (0, "0 bytes"), (1, "1 byte"), (1_023, "1023 bytes"), (1_024, "1.0 KiB"), (2_560, "2.5 KiB"),
            (11 * 1_048_576, "11.0 MiB"), (3 * 1_073_741_824, "3.0 GiB"),
        ])
    func sizes(count: Int, text: String) {
        #expect(CurlCommand.size(count) == text)
    }
}
