import ConformHTTP
import ContractFuzz
import ContractKit
import ContractMock
import Foundation
import Testing

/// Fuzzes the Restaurant contract's mock with `faults`.
private func fuzzMock(
    faults: [FaultSelection] = [], seed: UInt64 = 1, cases: Int = 10, budget: Duration? = nil
) async throws -> ServerFuzzer.Outcome {
    let contract = try restaurantContract()
    let mock = ContractMock(contract: contract, configuration: .init(faults: faults))
    let baseURL = try mock.start()
    defer { mock.shutdown() }
    let configuration = ServerFuzzer.Configuration(
        baseURL: baseURL, casesPerEndpoint: cases, seed: seed, timeBudget: budget)
    return await ServerFuzzer(contract: contract, configuration: configuration).run()
}

@Suite("Server fuzzing against the mock", .serialized)
struct ServerFuzzerTests {
    @Test("the clean mock accepts valid requests and rejects invalid ones")
    func cleanMockPasses() async throws {
        let outcome = try await fuzzMock()
        let failing = outcome.result.cases.filter { $0.outcome != .passed }
        #expect(failing.isEmpty, "\(failing.map { "\($0.id): \($0.findings.map(\.message))" })")
        let order = try #require(outcome.requestCounts["placeOrder"])
        // The valid orders name the menu's ids in turn (every value the capture stands for), so
        // they are distinct requests.
        #expect((order[.positiveDataAcceptance] ?? 0) >= 10)
        // Ten capped by `--cases`, then one violation at each of the three places of the order's
        // body those ten did not reach (the body coverage beyond the budget).
        #expect(order[.negativeDataRejection] == 13)
        #expect(order[.unsupportedMethod] == 4)
        #expect(outcome.result.cases.contains { $0.id == "placeOrder/negative_data_rejection" })
    }

    @Test("a server that crashes on malformed bodies fails negative_data_rejection with a minimal reproducer")
    func crashOnMalformedBody() async throws {
        let outcome = try await fuzzMock(faults: [FaultSelection(.crashesOnMalformedBody)])
        let rejection = try #require(
            outcome.result.cases.first { $0.id == "placeOrder/negative_data_rejection" })
        #expect(rejection.outcome == .failed)
        let finding = try #require(rejection.findings.first { $0.check == .negativeDataRejection })
        #expect(finding.message.contains("POST /order crashed (500) on an invalid request"))
        #expect(finding.status == 500)
        #expect(finding.curl?.hasPrefix("curl -sS -i -X POST") == true)
        // One cause, one finding: the crash is not reported again as not_a_server_error.
        #expect(!rejection.findings.contains { $0.check == .notAServerError && $0.curl == finding.curl })
        let body = try #require(rejection.request.map { String(decoding: $0.body, as: UTF8.self) })
        #expect(body.count <= 2, "shrunk to a minimal body, got \(body)")
        #expect(
            outcome.result.cases.filter { $0.endpointID != "placeOrder" }.allSatisfy { $0.outcome == .passed }
        )
    }

    @Test("a server that accepts invalid bodies fails negative_data_rejection")
    func acceptsInvalidBody() async throws {
        let outcome = try await fuzzMock(faults: [FaultSelection(.acceptsInvalidBody)])
        let rejection = try #require(
            outcome.result.cases.first { $0.id == "placeOrder/negative_data_rejection" })
        #expect(rejection.outcome == .failed)
        #expect(rejection.findings.allSatisfy { $0.message.contains("accepted it with 200") })
        #expect(
            rejection.findings.contains {
                $0.message.contains("on an invalid request: body: required \"")
                    && $0.message.hasSuffix("\" is missing (missing required key)")
                    && !$0.message.contains("missingRequired")
                    && $0.actual?.hasPrefix("200 for body {}") == true
            })
        let positive = try #require(
            outcome.result.cases.first { $0.id == "placeOrder/positive_data_acceptance" })
        #expect(positive.outcome == .passed)
    }

    @Test("a server that ignores a declared filter fails on the valid requests that use it")
    func ignoredFilter() async throws {
        let outcome = try await fuzzMock(faults: [FaultSelection(.ignoredFilter)])
        let listing = try #require(
            outcome.result.cases.first { $0.id == "listMenu/positive_data_acceptance" })
        #expect(listing.outcome == .failed)
        #expect(
            listing.findings.contains {
                $0.check == .assertions && $0.message.contains("the category filter is ignored")
            }, "\(listing.findings.map(\.message))")
        let clean = try await fuzzMock()
        #expect(clean.result.cases.allSatisfy { $0.outcome == .passed })
    }

    @Test("the same seed sends the same requests and gives the same report")
    func deterministic() async throws {
        func signature(_ outcome: ServerFuzzer.Outcome) -> [String] {
            outcome.result.cases.map { item in
                let findings = item.findings.map {
                    "\($0.check.rawValue)|\($0.message)|\($0.actual?.components(separatedBy: " — ").first ?? "")"
                }
                let body = item.request.map { String(decoding: $0.body, as: UTF8.self) } ?? ""
                return "\(item.id)|\(item.outcome)|\(findings)|\(body)"
            }
        }
        let first = try await fuzzMock(faults: [FaultSelection(.crashesOnMalformedBody)], seed: 7)
        let second = try await fuzzMock(faults: [FaultSelection(.crashesOnMalformedBody)], seed: 7)
        #expect(signature(first) == signature(second))
        #expect(first.requestCounts == second.requestCounts)
    }

    @Test("the time budget bounds the run")
    func timeBudget() async throws {
        let outcome = try await fuzzMock(cases: 500, budget: .milliseconds(1))
        let total = outcome.requestCounts.values.flatMap(\.values).reduce(0, +)
        #expect(total < 50)
        #expect(outcome.result.cases.contains { $0.reason?.contains("time budget") == true })
    }
}
