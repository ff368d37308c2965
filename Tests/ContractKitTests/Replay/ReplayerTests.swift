import ConformHTTP
import ContractKit
import ContractMock
import Foundation
import Testing

/// A fault, the case that must fail, and the finding that must appear.
struct FaultExpectation: Sendable, CustomTestStringConvertible {
    var fault: MockFault
    var endpoint: String?
    var caseID: String
    var check: CheckName
    var messageContains: String
    var pointer: String?
    var outcome: CaseResult.Outcome = .failed
    var testDescription: String { fault.rawValue }
}

@Suite("Replayer against the mock", .serialized)
struct ReplayerTests {
    @Test("a clean mock passes every case and exercises every endpoint")
    func cleanRun() async throws {
        let result = try await replayAgainstMock()
        #expect(result.cases.count == 6)
        #expect(
            result.cases.allSatisfy { $0.outcome == .passed },
            "\(result.cases.filter { $0.outcome != .passed })")
        #expect(result.isSuccessful)
        #expect(!result.serverWasUnreachable)
        let order = result.cases.map(\.id)
        let categories = try #require(order.firstIndex(of: "listCategories/every category"))
        let menu = try #require(order.firstIndex(of: "listMenu/whole menu"))
        let order1 = try #require(order.firstIndex(of: "placeOrder/order the first menu item"))
        #expect(categories < menu && menu < order1, "captures run before their uses")
        let image = try #require(result.cases.first { $0.endpointID == "getImage" })
        #expect(image.request?.url.hasSuffix("/images/1.png") == true)
        let coverage = try #require(result.coverage.first { $0.endpointID == "listMenu" })
        #expect(coverage.seen == [200])
        #expect(coverage.unexercised == ["400"])
    }

    static let expectations: [FaultExpectation] = [
        .init(
            fault: .wrongType, endpoint: "listMenu", caseID: "listMenu/whole menu",
            check: .responseSchemaConformance,
            messageContains: "expected integer, got string", pointer: "/items/0/id"),
        .init(
            fault: .missingRequiredKey, endpoint: "placeOrder",
            caseID: "placeOrder/order the first menu item",
            check: .responseSchemaConformance,
            messageContains: "missing required property \"preparation_time\"", pointer: ""),
        .init(
            fault: .extraKey, endpoint: "listCategories", caseID: "listCategories/every category",
            check: .responseSchemaConformance, messageContains: "\"unexpected_field\" is not allowed",
            pointer: "/unexpected_field"),
        .init(
            fault: .unexpectedNull, endpoint: "placeOrder", caseID: "placeOrder/order the first menu item",
            check: .responseSchemaConformance, messageContains: "got null", pointer: "/preparation_time"),
        .init(
            fault: .serverError, endpoint: "listCategories", caseID: "listCategories/every category",
            check: .notAServerError, messageContains: "answered 500"),
        .init(
            fault: .undeclaredStatus, endpoint: "getImage", caseID: "getImage/image of the first menu item",
            check: .statusCodeConformance,
            messageContains: "status 418 is not declared for GET /images/{file}"),
        .init(
            fault: .wrongContentType, endpoint: "listMenu", caseID: "listMenu/whole menu",
            check: .contentTypeConformance, messageContains: "\"text/plain\" is not declared"),
        .init(
            fault: .delay, endpoint: "listCategories", caseID: "listCategories/every category",
            check: .maxResponseTime, messageContains: "over the 2000 ms budget"),
        .init(
            fault: .truncatedBody, endpoint: "listCategories", caseID: "listCategories/every category",
            check: .notAServerError, messageContains: "the body ended early", outcome: .error),
        .init(
            fault: .connectionReset, endpoint: "listCategories", caseID: "listCategories/every category",
            check: .notAServerError, messageContains: "the connection was lost", outcome: .error),
        .init(
            fault: .notJSON, endpoint: "placeOrder", caseID: "placeOrder/order the first menu item",
            check: .responseSchemaConformance, messageContains: "the body is not valid JSON"),
        .init(
            fault: .ignoredFilter, endpoint: nil, caseID: "listMenu/one category only", check: .assertions,
            messageContains: "the category filter is ignored: ?category=Appetizers returned 3 items",
            pointer: "/items/0/category"),
        .init(
            fault: .acceptsInvalidBody, endpoint: nil,
            caseID: "placeOrder/an order without a list of ids is rejected",
            check: .statusCodeConformance, messageContains: "expected status 400, got 200"),
        .init(
            fault: .crashesOnMalformedBody, endpoint: nil,
            caseID: "placeOrder/an order without a list of ids is rejected",
            check: .notAServerError, messageContains: "answered 500"),
    ]

    @Test("each injected fault produces its finding", arguments: expectations)
    func fault(expectation: FaultExpectation) async throws {
        let result = try await replayAgainstMock(faults: [
            FaultSelection(expectation.fault, endpointID: expectation.endpoint)
        ])
        #expect(!result.isSuccessful)
        let failing = try #require(result.cases.first { $0.id == expectation.caseID })
        #expect(failing.outcome == expectation.outcome)
        let finding = failing.findings.first {
            $0.check == expectation.check && $0.message.contains(expectation.messageContains)
        }
        #expect(
            finding != nil, "findings were: \(failing.findings.map { "\($0.check.rawValue): \($0.message)" })"
        )
        if let pointer = expectation.pointer { #expect(finding?.pointer == pointer) }
        #expect(failing.curl?.hasPrefix("curl ") == true)
        if let endpoint = expectation.endpoint {
            let others = result.cases.filter {
                $0.endpointID != endpoint && $0.outcome != .passed && $0.outcome != .skipped
            }
            let dependents = Set(["placeOrder", "getImage"])
            #expect(
                others.allSatisfy { dependents.contains($0.endpointID) },
                "a fault on \(endpoint) only affects it and its dependents")
        }
    }

    @Test("an unreachable server errors every case and says so")
    func unreachable() async throws {
        let contract = try restaurantContract()
        let configuration = Replayer.Configuration(baseURL: "http://127.0.0.1:9", timeout: .seconds(5))
        let result = await Replayer(contract: contract, configuration: configuration).run()
        #expect(result.serverWasUnreachable)
        #expect(result.count(.passed) == 0)
        let first = try #require(result.cases.first { $0.outcome == .error })
        #expect(first.reason?.contains("connection refused") == true)
        let skipped = try #require(result.cases.first { $0.outcome == .skipped })
        #expect(skipped.reason?.contains("did not capture") == true)
    }

    @Test("shards 1/3, 2/3 and 3/3 cover every case exactly once")
    func sharding() async throws {
        var seen: [String] = []
        for index in 1...3 {
            let result = try await replayAgainstMock { $0.shard = (index, 3) }
            #expect(result.shard == "\(index)/3")
            #expect(result.cases.allSatisfy { $0.outcome == .passed })
            seen += result.cases.map(\.id)
        }
        let all = try await replayAgainstMock().cases.map(\.id)
        #expect(seen.sorted() == all.sorted())
        #expect(Set(seen).count == seen.count)
    }

    @Test("--only keeps the cases that capture what the chosen cases use")
    func onlyWithPrerequisites() async throws {
        let result = try await replayAgainstMock { $0.only = ["orders"] }
        let ran = result.cases.filter { $0.outcome != .skipped }.map(\.endpointID)
        #expect(Set(ran) == ["listCategories", "listMenu", "placeOrder"])
        #expect(result.cases.filter { $0.endpointID == "getImage" }.allSatisfy { $0.outcome == .skipped })
        #expect(result.isSuccessful)
    }

    @Test("secret headers never appear in results, reproducers or samples")
    func redaction() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-record-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await replayAgainstMock {
            $0.headers = [
                HeaderField("Authorization", "Bearer s3cret-token"), HeaderField("X-Api-Key", "key-12345"),
            ]
            $0.redaction = Redaction(additional: ["X-Api-Key"])
            $0.recordDirectory = folder.path
        }
        for outcome in result.cases {
            let text = "\(outcome.curl ?? "") \(outcome.request?.headers ?? [])"
            #expect(!text.contains("s3cret-token"))
            #expect(!text.contains("key-12345"))
            #expect(text.contains("[REDACTED]"))
        }
        let samples = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".json")
        }
        #expect(samples.contains("listMenu/200-whole-menu.json"))
        #expect(samples.count == 5)
    }
}
