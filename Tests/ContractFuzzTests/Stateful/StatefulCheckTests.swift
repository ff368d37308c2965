import ConformHTTP
import ContractFuzz
import ContractKit
import ContractMock
import Foundation
import Testing

/// Fuzzes the notes server with `bug`, as alice, with bob as the other identity.
private func fuzzNotes(_ bug: NotesBug, seed: UInt64 = 1) async throws -> ServerFuzzer.Outcome {
    var contract = try ContractLoader.load(bytes: Array(notesDescription.utf8), file: "notes.json")
    _ = contract.auth?.setCredential("alice:alice-pass", forScheme: "basic")
    let server = NotesServer(bug: bug)
    let http = HTTPServer { server.handle($0) }
    let port = try http.start()
    defer { http.shutdown() }
    var configuration = ServerFuzzer.Configuration(
        baseURL: "http://127.0.0.1:\(port)", casesPerEndpoint: 8, seed: seed)
    configuration.otherCredentials = ["basic": "bob:bob-pass"]
    return await ServerFuzzer(contract: contract, configuration: configuration).run()
}

private func failing(_ outcome: ServerFuzzer.Outcome) -> [CaseResult] {
    outcome.result.cases.filter { $0.outcome != .passed && $0.outcome != .skipped }
}

private func describe(_ cases: [CaseResult]) -> String {
    cases.map { result in
        "\(result.id): "
            + result.findings.map { "[\($0.check.rawValue)] \($0.message)" }.joined(separator: "; ")
    }.joined(separator: "\n")
}

@Suite("Stateful checks find state bugs and nothing on a correct server", .serialized)
struct StatefulCheckTests {
    @Test("a correct notes server gets no finding, whatever the seed", arguments: [1, 7] as [UInt64])
    func correctServerPasses(seed: UInt64) async throws {
        let outcome = try await fuzzNotes(.none, seed: seed)
        #expect(failing(outcome).isEmpty, "\(describe(failing(outcome)))")
        let checks = Set(outcome.result.cases.flatMap(\.checks))
        for check in [
            CheckName.useAfterFree, .ensureResourceAvailability, .storedAsSent, .ignoredAuth,
            .objectLevelAuthorization, .limitRespected, .referencedResourceAvailability,
        ] {
            #expect(checks.contains(check), "\(check.rawValue) was judged")
        }
    }

    @Test(
        "each seeded state bug is found by its check",
        arguments: [
            (NotesBug.useAfterFree, CheckName.useAfterFree), (.notReadable, .ensureResourceAvailability),
            (.notListed, .ensureResourceAvailability), (.updateNoop, .storedAsSent),
            (.updateOtherField, .storedAsSent), (.ignoresLimit, .limitRespected),
            (.ignoredAuth, .ignoredAuth),
            (.otherUsersNotes, .objectLevelAuthorization), (.brokenLink, .referencedResourceAvailability),
        ])
    func bugIsFound(bug: NotesBug, check: CheckName) async throws {
        let outcome = try await fuzzNotes(bug)
        let found = failing(outcome).flatMap(\.findings).filter { $0.check == check }
        #expect(!found.isEmpty, "\(bug) should fail \(check.rawValue):\n\(describe(failing(outcome)))")
    }

    @Test("a stateful finding tells its story: the steps, and one reproducer a step")
    func findingShowsTheStory() async throws {
        let outcome = try await fuzzNotes(.useAfterFree)
        let finding = try #require(
            outcome.result.cases.flatMap(\.findings).first { $0.check == .useAfterFree })
        #expect(finding.steps.count >= 2)
        #expect(finding.steps.contains { $0.contains("DELETE /notes/") && $0.contains("→ 204") })
        #expect(finding.steps.last?.contains("GET /notes/") == true)
        let curls = finding.curl?.split(separator: "\n") ?? []
        #expect(curls.count == finding.steps.count)
        #expect(curls.allSatisfy { $0.hasPrefix("curl ") })
        #expect(!(finding.curl ?? "").contains("alice-pass"), "credentials are masked in reproducers")
    }

    @Test("valid requests to item paths reach items that exist")
    func liveItemsAreReached() async throws {
        let log = Locked<[(path: String, status: Int)]>([])
        var contract = try ContractLoader.load(bytes: Array(notesDescription.utf8), file: "notes.json")
        _ = contract.auth?.setCredential("alice:alice-pass", forScheme: "basic")
        let server = NotesServer(bug: .none)
        let http = HTTPServer { request in
            let response = server.handle(request)
            log.withLock { $0.append((request.method + " " + request.path, response.status)) }
            return response
        }
        let port = try http.start()
        defer { http.shutdown() }
        let configuration = ServerFuzzer.Configuration(
            baseURL: "http://127.0.0.1:\(port)", casesPerEndpoint: 10, seed: 3)
        let outcome = await ServerFuzzer(contract: contract, configuration: configuration).run()
        #expect(failing(outcome).isEmpty, "\(describe(failing(outcome)))")
        let itemGets = log.current.filter { $0.path.hasPrefix("GET /notes/") }
        let found = itemGets.filter { $0.status == 200 }
        // Besides the story's reads after its deletes, one valid read names a made-up item on
        // purpose (how the server answers for a missing item is judged too); every other one
        // must find its item.
        let madeUp = itemGets.filter { $0.status == 404 }.count
        #expect(madeUp >= 1, "the read of a made-up item was sent")
        #expect(
            Double(found.count) >= 0.8 * Double(itemGets.count - 5), "\(found.count) of \(itemGets.count)")
    }

    @Test("the embedded mock passes every stateful check")
    func mockPasses() async throws {
        let contract = try ContractLoader.load(bytes: Array(notesDescription.utf8), file: "notes.json")
        let mock = ContractMock(contract: contract)
        let baseURL = try mock.start()
        defer { mock.shutdown() }
        let outcome = await ServerFuzzer(
            contract: contract, configuration: .init(baseURL: baseURL, casesPerEndpoint: 6)
        ).run()
        #expect(failing(outcome).isEmpty, "\(describe(failing(outcome)))")
    }

    @Test("--stateless sends no story")
    func statelessSendsNoStory() async throws {
        var contract = try ContractLoader.load(bytes: Array(notesDescription.utf8), file: "notes.json")
        _ = contract.auth?.setCredential("alice:alice-pass", forScheme: "basic")
        let http = HTTPServer { NotesServer(bug: .useAfterFree).handle($0) }
        let port = try http.start()
        defer { http.shutdown() }
        var configuration = ServerFuzzer.Configuration(
            baseURL: "http://127.0.0.1:\(port)", casesPerEndpoint: 4)
        configuration.stateless = true
        let outcome = await ServerFuzzer(contract: contract, configuration: configuration).run()
        #expect(!outcome.result.cases.contains { $0.name == "sequence" || $0.checks.contains(.useAfterFree) })
    }

    @Test("a story that cannot create an item is skipped with the reason, never a silent pass")
    func storyWithoutCredentialsSaysWhy() async throws {
        let contract = try ContractLoader.load(bytes: Array(notesDescription.utf8), file: "notes.json")
        let http = HTTPServer { NotesServer(bug: .useAfterFree).handle($0) }
        let port = try http.start()
        defer { http.shutdown() }
        let configuration = ServerFuzzer.Configuration(
            baseURL: "http://127.0.0.1:\(port)", casesPerEndpoint: 2)
        let outcome = await ServerFuzzer(contract: contract, configuration: configuration).run()
        let story = try #require(outcome.result.cases.first { $0.name == "sequence" })
        #expect(story.outcome == .skipped)
        #expect(
            story.reason
                == "no item to follow: POST /notes answered 401 to every valid body tried: it needs a credential (basic); give one with --auth"
        )
    }
}
