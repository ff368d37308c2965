import ConformHTTP
import ContractFuzz
import ContractKit
import Foundation
import Testing

/// A server that sheds load (503, 429) is asked again, within a bound; one that stays busy is
/// still reported.
@Suite("Busy servers: 503 and 429 are backed off and asked again", .serialized)
struct BusyServerTests {
    static let items = #"""
        {"openapi": "3.0.3", "info": {"title": "Items", "version": "1"},
         "paths": {"/items": {"get": {"operationId": "listItems",
           "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array"}}}}}}}}}
        """#

    /// A GET-only server that answers `busy` to the first request and an empty list to every later one.
    static func first(_ busy: HTTPResponse) -> @Sendable (HTTPRequest) -> HTTPResponse {
        let calls = Locked<Int>(0)
        return allowing(["GET"]) { _ in
            let call = calls.withLock { count in
                count += 1
                return count
            }
            return call == 1 ? busy : jsonAnswer(200, "[]")
        }
    }

    @Test("503 with Retry-After once, then 200: the request is sent again and nothing is reported")
    func busyOnce() async throws {
        let run = try await LoopbackFuzz.run(
            Self.items,
            handler: Self.first(
                HTTPResponse(status: 503, headers: ["Retry-After": "0"], body: Array("busy".utf8))))
        #expect(run.findings.isEmpty, "\(run.described)")
        #expect(Array(run.seen.prefix(2)) == ["GET /items", "GET /items"], "the first request, then again")
    }

    @Test("429 without Retry-After waits its default and asks again")
    func tooManyRequests() async throws {
        let run = try await LoopbackFuzz.run(Self.items, handler: Self.first(HTTPResponse(status: 429)))
        #expect(run.findings.isEmpty, "\(run.described)")
    }

    @Test("a server still busy after the retries is reported, after at most three more attempts")
    func persistentlyBusy() async throws {
        let run = try await LoopbackFuzz.run(
            Self.items, cases: 1,
            handler: allowing(["GET"]) { _ in
                HTTPResponse(status: 503, headers: ["Retry-After": "0"], body: Array("down".utf8))
            })
        let valid = try #require(run.result("listItems/positive_data_acceptance"))
        #expect(valid.outcome == .failed)
        #expect(valid.findings.contains { $0.status == 503 })
        // The valid request and its `Accept: */*` twin, each sent once and retried three times.
        let plain = run.requests.filter { $0.header("Accept") == "application/json" && $0.method == "GET" }
        #expect(plain.count == 4, "one request and three retries: \(run.seen)")
    }

    @Test("Retry-After is read in seconds or as an HTTP date, and capped")
    func waits() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        func wait(_ value: String?, attempt: Int = 0) -> Duration {
            let headers: HTTPFields = value.map { ["Retry-After": $0] } ?? [:]
            return BusyBackoff.wait(
                after: HTTPResponse(status: 503, headers: headers), attempt: attempt, now: now)
        }
        #expect(wait("2") == .seconds(2))
        #expect(wait("3600") == BusyBackoff.longestWait)
        #expect(wait("Mon, 12 Jan 1970 13:46:42 GMT") == .seconds(2))
        #expect(wait(nil) == .milliseconds(250))
        #expect(wait(nil, attempt: 2) == .seconds(1))
        #expect(wait("soon") == .milliseconds(250))
    }
}
