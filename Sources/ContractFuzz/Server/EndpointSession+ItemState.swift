import ConformHTTP
import ContractKit
import JSONSchema
import SchemaGeneration

/// A valid request refused at one item and accepted at another: the item's state decided, not the
/// data. Jupyter answers `POST /api/contents/{path}` with 400 "Cannot POST to files" when the path
/// is a file and creates a file when it is a directory; the description cannot say which items
/// are which, so the refusal at a file is not a rejection of valid data. The root folder, where
/// its listing answered, is tried first: the stories create files, never a folder.
extension EndpointSession {
    /// Other items tried at most before a refusal is judged.
    static let itemsTried = 4

    /// The record of the same request sent to another live item of its resource that accepted it,
    /// or nil (no other item, every other item refused it too, or the request names a made-up
    /// item whose unusual text was refused where a plain one is not). Only a refusal of valid data
    /// (400, 422) at an item path is tried again, never a `DELETE`.
    func acceptedAtAnotherItem(
        _ request: FuzzRequest, findings: [Finding], judge: FuzzJudge, live: LiveValues,
        progress: inout Progress
    ) async -> HTTPRequest? {
        guard request.intent == .positive, request.method != "DELETE",
            findings.contains(where: {
                $0.check == .positiveDataAcceptance && FuzzJudge.rejectionStatuses.contains($0.status ?? 0)
            })
        else { return nil }
        if request.namesMadeUpItem,
            await plainMadeUpItemAccepted(request, judge: judge, live: live, progress: &progress)
        {
            return nil
        }
        let names = endpoint.path.parameterNames
        let current = names.map { request.draft.path[$0] }
        // An empty segment is another route (Prefect's `/concurrency_limits/tag/` answers 404 to
        // anything), not an item: only the root folder of `containers` is tried with one.
        let others = knownItems(live).filter { item in
            names.map { item[$0] } != current
                && names.allSatisfy { item[$0] != nil && item[$0] != .string("") }
        }
        let containers = containers(live).filter { item in
            names.map { item[$0] } != current && names.allSatisfy { item[$0] != nil }
        }
        for item in (containers + others).prefix(Self.itemsTried) where !isPastDeadline {
            var moved = request
            for name in names { moved.draft.path[name] = item[name] }
            let record = moved.record(
                baseURL: fuzzer.configuration.baseURL, extraHeaders: fuzzer.configuration.headers,
                auth: fuzzer.contract.auth)
            let answer = await fuzzer.perform(record, deadline: deadline).result
            progress.sent[request.intent.check, default: 0] += 1
            let again = judge.findings(for: moved, record: record, answer: answer)
            if !again.contains(where: { $0.check == .positiveDataAcceptance }) { return record }
        }
        return nil
    }

    /// Whether the same request, naming a made-up item in plain letters and digits instead of
    /// unusual text, succeeds (or, for a read, finds nothing there): then the text decided, not an
    /// item's state, and the refusal stands as valid data rejected.
    private func plainMadeUpItemAccepted(
        _ request: FuzzRequest, judge: FuzzJudge, live: LiveValues, progress: inout Progress
    ) async -> Bool {
        let generator = FuzzCaseGenerator(
            contract: fuzzer.contract, endpoint: endpoint, variables: variables, schemas: fuzzer.schemas,
            generator: fuzzer.generator, live: live, model: fuzzer.model, validity: fuzzer.validity)
        // Each try draws a text of its own, settled by the seed: a plain item an earlier try made
        // (a `PUT` creates it) is no longer made up.
        progress.plainItemTries += 1
        var random = SeededRandom(
            seed: fuzzer.configuration.seed, deriving: "\(endpoint.id)/plain item \(progress.plainItemTries)")
        guard !isPastDeadline, let plain = generator.withPlainMadeUpItem(request, random: &random) else {
            return false
        }
        let record = plain.record(
            baseURL: fuzzer.configuration.baseURL, extraHeaders: fuzzer.configuration.headers,
            auth: fuzzer.contract.auth)
        let answer = await fuzzer.perform(record, deadline: deadline).result
        progress.sent[request.intent.check, default: 0] += 1
        // A success says the text was what mattered, and so does "not found" to a read: the plain
        // item does not exist, and neither does the unusual one (no answer gave it), yet only that
        // one was refused. A write's 404 may say the item must exist first, which the unusual one
        // may (a `PUT` that answered without a body made it).
        let isRead = request.method == "GET" || request.method == "HEAD"
        guard case .success(let response) = answer,
            (200..<300).contains(response.status) || (isRead && [404, 410].contains(response.status))
        else { return false }
        return !judge.findings(for: plain, record: record, answer: answer).contains {
            $0.check == .positiveDataAcceptance
        }
    }

    /// The items that hold others, for a `POST` to an item of a resource created on its own path:
    /// the empty id whose listing succeeded (Jupyter's `/api/contents/`, the root folder). Such a
    /// `POST` acts inside the item (it creates an untitled file in a folder), and every item the
    /// stories created may be a file; the root is the one item known to be a folder.
    private func containers(_ live: LiveValues) -> [LiveValues.Address] {
        guard endpoint.method == "POST", let resource = fuzzer.model.item(endpoint.path),
            resource.createsOnItem
        else { return [] }
        return live.containers[resource.name] ?? []
    }

    /// The items the path may name: those of its resource, else (a path no resource model
    /// explains, Jupyter's `/api/contents/{path}`) the texts answers gave under the name of its
    /// one placeholder, latest first.
    private func knownItems(_ live: LiveValues) -> [LiveValues.Address] {
        if let resource = fuzzer.model.item(endpoint.path) ?? fuzzer.model.collection(endpoint.path) {
            let owner =
                fuzzer.model.item(endpoint.path) != nil
                ? resource.name : resource.parent?.resource ?? resource.name
            return live.items[owner] ?? []
        }
        guard let name = endpoint.path.parameterNames.first, endpoint.path.parameterNames.count == 1 else {
            return []
        }
        return live.seenValues(named: [name]).filter { $0.stringValue != nil }.reversed().map { [name: $0] }
    }
}
