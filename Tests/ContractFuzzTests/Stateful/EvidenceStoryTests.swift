import ConformHTTP
import ContractFuzz
import ContractKit
import Foundation
import JSONSchema
import Testing

/// Fuzzes the paged todos server with `bug`, with the bearer credential; the requests it got.
private func fuzzTodos(_ bug: TodosBug, seed: UInt64 = 1) async throws -> (
    outcome: ServerFuzzer.Outcome, log: [String]
) {
    var contract = try ContractLoader.load(bytes: Array(todosDescription.utf8), file: "todos.json")
    _ = contract.auth?.setCredential("secret", forScheme: "bearer")
    let server = PagedTodosServer(bug: bug)
    let log = Locked<[String]>([])
    let http = HTTPServer { request in
        let response = server.handle(request)
        log.withLock { $0.append("\(request.method) \(request.path) \(response.status) \(request.bodyText)") }
        return response
    }
    let port = try http.start()
    defer { http.shutdown() }
    let configuration = ServerFuzzer.Configuration(
        baseURL: "http://127.0.0.1:\(port)", casesPerEndpoint: 6, seed: seed)
    return (await ServerFuzzer(contract: contract, configuration: configuration).run(), log.current)
}

private func findings(_ outcome: ServerFuzzer.Outcome, _ check: CheckName) -> [Finding] {
    outcome.result.cases.filter { $0.outcome == .failed }.flatMap(\.findings).filter { $0.check == check }
}

private func stateFindings(_ outcome: ServerFuzzer.Outcome) -> [String] {
    let state: Set<CheckName> = [
        .storedAsSent, .updateReadsBack, .ensureResourceAvailability, .listingConsistency, .ignoredAuth,
        .useAfterFree, .limitRespected,
    ]
    return outcome.result.cases.flatMap(\.findings).filter { state.contains($0.check) }.map {
        "[\($0.check.rawValue)] \($0.message)"
    }
}

@Suite("Stories keep their evidence, listings add up, every secured operation is tried", .serialized)
struct EvidenceStoryTests {
    @Test("the correct and the benign server get no state finding", arguments: [TodosBug.none, .benign])
    func cleanServers(bug: TodosBug) async throws {
        for seed in [1, 5] as [UInt64] {
            let (outcome, _) = try await fuzzTodos(bug, seed: seed)
            #expect(stateFindings(outcome).isEmpty, "\(bug) seed \(seed): \(stateFindings(outcome))")
            let judged = Set(outcome.result.cases.flatMap(\.checks))
            #expect(judged.isSuperset(of: [.listingConsistency, .ignoredAuth, .storedAsSent]))
        }
    }

    @Test(
        "each seeded state bug is found by its check",
        arguments: [
            (TodosBug.patchResets, CheckName.storedAsSent), (.titleLowercased, .storedAsSent),
            (.newestUnlisted, .listingConsistency), (.totalCountsDeleted, .listingConsistency),
            (.deleteWithoutAuth, .ignoredAuth), (.changeWithoutAuth, .ignoredAuth),
            (.createIgnoresPriority, .storedAsSent), (.dueShifted, .storedAsSent),
        ])
    func bugIsFound(bug: TodosBug, check: CheckName) async throws {
        let (outcome, _) = try await fuzzTodos(bug)
        #expect(!findings(outcome, check).isEmpty, "\(bug): \(stateFindings(outcome))")
    }

    @Test("the create holds evidence: every property away from its default, text in mixed case")
    func createHoldsEvidence() async throws {
        let (_, log) = try await fuzzTodos(.none)
        let create = try #require(log.first { $0.hasPrefix("POST /todos 201") })
        let body = try #require(
            try JSONParser.parse(Array(create.split(separator: " ", maxSplits: 3)[3].utf8)).objectValue)
        #expect(body["done"] == .bool(true))
        #expect(body["priority"] != "low" && body["priority"] != nil)
        #expect(body["due"] != nil && body["due"] != .null)
        let title = try #require(body["title"]?.stringValue)
        #expect(title != title.lowercased())
    }

    @Test("the update comes before the replace and changes one property; each is read back")
    func updateBeforeReplace() async throws {
        let (_, log) = try await fuzzTodos(.none)
        let story = log.prefix { !$0.hasPrefix("DELETE") }
        let patch = try #require(story.firstIndex { $0.hasPrefix("PATCH /todos/") })
        let put = try #require(story.firstIndex { $0.hasPrefix("PUT /todos/") })
        #expect(patch < put)
        #expect(story[story.index(after: patch)].hasPrefix("GET /todos/"))
        #expect(story[story.index(after: put)].hasPrefix("GET /todos/"))
        let sent = try JSONParser.parse(Array(story[patch].split(separator: " ", maxSplits: 3)[3].utf8))
        #expect(sent.objectValue?.members.count == 1)
    }

    @Test("a delete without credentials is tried on an item made for it, never the story's own")
    func destructiveProbesUseTheirOwnItem() async throws {
        let (_, log) = try await fuzzTodos(.none)
        let refused = log.filter { $0.hasPrefix("DELETE /todos/") && $0.contains(" 401 ") }
        #expect(refused.count == 2)
        let story = log.first { $0.hasPrefix("POST /todos 201") }
        #expect(story != nil)
        let firstItem = "DELETE /todos/1 401"
        #expect(!refused.contains { $0.hasPrefix(firstItem) })
    }

    @Test("a secured read answering a 401 it does not declare is status_code_conformance")
    func undeclaredUnauthorized() async throws {
        let (outcome, _) = try await fuzzTodos(.none)
        let undeclared = findings(outcome, .statusCodeConformance).filter { $0.message.contains("401") }
        #expect(!undeclared.isEmpty, "\(outcome.result.cases.filter { $0.endpointID == "stats" }.map(\.id))")
    }
}
