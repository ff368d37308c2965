import ConformHTTP
import ConformTraffic
import ContractKit
import Foundation
import Testing

@Suite struct HARFileTests {
    static func fixture(_ name: String) -> String { Fixtures.path("HAR/\(name)") }

    static func restaurantChecker() throws -> TrafficChecker {
        TrafficChecker(
            contract: try ContractLoader.load(file: Fixtures.packageFile("Contracts/restaurant.json")))
    }

    /// A tool's export, and what its entries must give once read and checked.
    struct Export: Sendable, CustomTestStringConvertible {
        var file: String
        var creator: String
        var entries: Int
        /// Per entry: the outcome and the checks of its findings.
        var verdicts: [(CaseResult.Outcome, [CheckName])]
        var testDescription: String { file }
    }

    static let exports = [
        Export(
            file: "proxyman.har", creator: "Proxyman 5.1.0", entries: 3,
            verdicts: [(.passed, []), (.passed, []), (.passed, [])]),
        Export(
            file: "charles.har", creator: "Charles Proxy 4.6.6", entries: 3,
            verdicts: [
                (.passed, []), (.failed, [.requestSchemaConformance]),
                (.failed, [.responseSchemaConformance]),
            ]),
        Export(
            file: "safari.har", creator: "WebKit Web Inspector 18.1", entries: 2,
            verdicts: [(.passed, []), (.passed, [])]),
        Export(
            file: "chrome.har", creator: "WebInspector 537.36", entries: 3,
            verdicts: [
                (.failed, [.requestConformance]), (.error, [.notAServerError]),
                (.failed, [.requestConformance]),
            ]),
    ]

    @Test(
        "exports of Proxyman, Charles, Safari and Chrome load, quirks and all, and check as expected",
        arguments: exports)
    func loadsAndChecks(_ export: Export) throws {
        let file = try HARFile.read(path: Self.fixture(export.file))
        #expect(file.creator == export.creator)
        #expect(file.entries.count == export.entries)
        #expect(file.entries.allSatisfy { $0.problem == nil })
        let checker = try Self.restaurantChecker()
        let results = file.entries.compactMap(\.exchange).map(checker.check)
        for (result, (outcome, checks)) in zip(results, export.verdicts) {
            #expect(result.outcome == outcome, "\(result.name): \(result.findings.map(\.message))")
            #expect(
                result.findings.map(\.check) == checks, "\(result.name): \(result.findings.map(\.message))")
        }
    }

    @Test("entries are named by their index and start time")
    func names() throws {
        let file = try HARFile.read(path: Self.fixture("charles.har"))
        #expect(
            file.entries.map { $0.exchange?.name } == [
                "entry 1 (2026-11-20T10:02:11.105+01:00)", "entry 2 (2026-11-20T10:02:12.333+01:00)",
                "entry 3 (2026-11-20T10:02:13.001+01:00)",
            ])
        #expect(file.entries[0].exchange?.startedAt == Timestamp.parse("2026-11-20T09:02:11.105Z"))
    }

    @Test("base64 bodies are decoded: a PNG keeps its signature, a JSON body its text")
    func base64Bodies() throws {
        let charles = try HARFile.read(path: Self.fixture("charles.har"))
        let png = try #require(charles.entries[0].exchange?.response?.body)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let proxyman = try HARFile.read(path: Self.fixture("proxyman.har"))
        #expect(proxyman.entries[1].exchange?.request.bodyText == #"{"menuIds":[4]}"#)
    }

    @Test("HTTP/2 pseudo-headers are left out; the rest of the headers stay")
    func pseudoHeaders() throws {
        let chrome = try HARFile.read(path: Self.fixture("chrome.har"))
        let headers = try #require(chrome.entries[0].exchange?.request.headers)
        #expect(headers.allSatisfy { !$0.name.hasPrefix(":") })
        #expect(headers["accept"] == "application/json")
    }

    @Test("a response without its text is not judged on its content, and the result says why")
    func missingText() throws {
        let safari = try HARFile.read(path: Self.fixture("safari.har"))
        let exchange = try #require(safari.entries[1].exchange)
        #expect(!exchange.responseBodyRecorded)
        let result = try Self.restaurantChecker().check(exchange)
        #expect(result.outcome == .passed)
        #expect(result.reason?.contains("no response body") == true)
    }

    @Test("a request that got no answer (status 0) is an error with the tool's reason")
    func noAnswer() throws {
        let chrome = try HARFile.read(path: Self.fixture("chrome.har"))
        let exchange = try #require(chrome.entries[1].exchange)
        #expect(exchange.response == nil)
        #expect(exchange.failure?.description.contains("net::ERR_CONNECTION_RESET") == true)
    }

    @Test("a form body given only as params is encoded back into the body")
    func paramsOnly() throws {
        let text = #"""
            {"log": {"version": "1.2", "entries": [{"startedDateTime": "2026-11-22T08:30:00.000Z", "time": 1,
              "request": {"method": "POST", "url": "https://api.test/login", "headers": [],
                "postData": {"mimeType": "application/x-www-form-urlencoded",
                             "params": [{"name": "user", "value": "ann lee"}, {"name": "next", "value": "/a&b"}]}},
              "response": {"status": 204, "headers": [], "content": {"size": 0, "mimeType": ""}}}]}}
            """#
        let file = try HARFile.parse(Array(text.utf8), path: "forms.har")
        let request = try #require(file.entries.first?.exchange?.request)
        #expect(request.bodyText == "user=ann%20lee&next=/a%26b")
        #expect(request.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(file.entries.first?.exchange?.requestBodyRecorded == true)
    }

    @Test("files that are not HAR say where and why")
    func notHAR() {
        #expect(
            throws: HARError(
                file: "x.har", message: "not valid JSON: expected a JSON value, found no content", line: 1,
                column: 1)
        ) {
            try HARFile.parse([], path: "x.har")
        }
        #expect(
            throws: HARError(
                file: "x.har", message: "not a HAR file: /log/entries is missing or not an array")
        ) {
            try HARFile.parse(Array(#"{"log": {}}"#.utf8), path: "x.har")
        }
        let unreadable = try? HARFile.parse(
            Array(#"{"log": {"entries": [{"request": {}}]}}"#.utf8), path: "x.har")
        #expect(
            unreadable?.entries.first?.problem
                == "/log/entries/0/request: a request needs a \"method\" and a \"url\"")
    }
}

@Suite struct HARWriterTests {
    @Test("a written HAR file reads back with its exchanges, and credentials are masked")
    func roundTrip() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("har-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("session.har").path
        let checker = try HARFileTests.restaurantChecker()
        var request = HTTPRequest(
            method: "POST", url: "http://127.0.0.1:8080/order",
            headers: ["Content-Type": "application/json", "Authorization": "Bearer tok-123456"],
            body: Array(#"{"menuIds": [1]}"#.utf8))
        request.version = "HTTP/1.1"
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xFF]
        let exchanges = [
            TrafficExchange(
                name: "exchange 1", request: request,
                response: HTTPResponse(
                    status: 200, headers: ["Content-Type": "application/json"],
                    body: Array(#"{"preparation_time": 5}"#.utf8)),
                startedAt: Date(timeIntervalSince1970: 1_790_000_000.25), duration: .milliseconds(12)),
            TrafficExchange(
                name: "exchange 2",
                request: HTTPRequest(method: "GET", url: "http://127.0.0.1:8080/images/a.png"),
                response: HTTPResponse(status: 200, headers: ["Content-Type": "image/png"], body: png)),
        ]
        let writer = try HARWriter(path: path)
        for exchange in exchanges {
            writer.append(checker.check(exchange), startedAt: exchange.startedAt)
        }
        try writer.finish()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains("tok-123456"))
        let file = try HARFile.read(path: path)
        #expect(file.entries.count == 2)
        let first = try #require(file.entries[0].exchange)
        #expect(first.request.bodyText == #"{"menuIds": [1]}"#)
        #expect(first.request.headers["Authorization"] == Redaction.mask)
        #expect(first.startedAt == exchanges[0].startedAt)
        #expect(file.entries[1].exchange?.response?.body == png)
        #expect(!FileManager.default.fileExists(atPath: path + ".partial"))
    }
}
