import ConformHTTP
import ContractKit
import JSONSchema

/// A valid request refused at one item and accepted at another: the item's state decided, not the
/// data. Jupyter answers `POST /api/contents/{path}` with 400 "Cannot POST to files" when the path
/// is a file and creates a file when it is a directory; the description cannot say which items
/// are which, so the refusal at a file is not a rejection of valid data. The root folder, where
/// its listing answered, is tried first: the stories create files, never a folder.
extension EndpointSession {
    /// Other items tried at most before a refusal is judged.
    static let itemsTried = 4

    /// The record of the same request sent to another live item of its resource that accepted it,
    /// or nil (no other item, or every other item refused it too). Only a refusal of valid data
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
        let names = endpoint.path.parameterNames
        let current = names.map { request.draft.path[$0] }
        let others = knownItems(live).filter { item in
            names.map { item[$0] } != current && names.allSatisfy { item[$0] != nil }
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
    /// explains, Jupyter's `/api/contents/{path}`) the values answers gave under the name of its
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
