import ConformHTTP
import ContractKit
import JSONSchema

/// What a fuzzing session learns from the server as it goes: items its valid creates made, items
/// its valid deletes removed, values its answers hold, and whether what they point to exists.
extension EndpointSession {
    /// Learns from a 2xx answer to a valid request, and checks what it points to.
    func learn(
        from response: HTTPResponse, to request: FuzzRequest, live: inout LiveValues,
        progress: inout Progress
    ) async {
        let body = try? JSONParser.parse(response.body)
        if let body { live.observe(body) }
        for field in response.headers where field.value.contains("?") { live.observeLink(field.value) }
        if let (resource, role) = fuzzer.model.resource(of: endpoint.id) {
            let address = LiveValues.Address(
                uniqueKeysWithValues: request.draft.path.map { ($0.key, $0.value) })
            switch role {
            case .create:
                let step = StoryStep(
                    record: request.record(
                        baseURL: fuzzer.configuration.baseURL, extraHeaders: [], auth: nil),
                    answer: .success(response))
                let story = ResourceStory(
                    fuzzer: fuzzer, model: fuzzer.model, resource: resource, deadline: deadline)
                if let created = story.address(from: step, parent: address) {
                    live.created(created, of: resource.name)
                }
            case .delete where live.items[resource.name]?.contains(address) == true:
                // Only an item the run knew is gone: a delete sent with its drafted path values (no
                // item could be made for it) names no item the run can expect gone.
                live.forget(item: address, of: resource.name)
            default:
                break
            }
        }
        guard let body, request.draft.method == "GET" else { return }
        await checkReferences(in: body, live: &live, progress: &progress)
    }

    /// What an answer points to (an `image_url`) must be fetchable: each reference once per run.
    func checkReferences(in body: JSONValue, live: inout LiveValues, progress: inout Progress) async {
        let finder = ReferenceFinder(contract: fuzzer.contract, baseURL: fuzzer.configuration.baseURL)
        for reference in finder.references(in: body, limit: 16) where !isPastDeadline {
            guard live.checkedReferences.insert(reference.text).inserted, live.checkedReferences.count <= 64
            else {
                continue
            }
            let record = finder.record(reference, headers: fuzzer.configuration.headers)
            let answer = await fuzzer.perform(record, deadline: deadline).result
            progress.extraChecks.insert(.referencedResourceAvailability)
            progress.sent[.referencedResourceAvailability, default: 0] += 1
            guard let status = try? answer.get().status, status == 404 || status == 410 else { continue }
            let target = reference.draft.map { $0.endpoint.displayName } ?? "GET \(reference.path)"
            let finding = Finding(
                check: .referencedResourceAvailability,
                message: "\(endpoint.displayName) points to \(reference.text), which cannot be fetched",
                expected: "2xx for \(target)", actual: String(status), status: status)
            // One cause, one finding: the same operation, or the same undeclared first segment.
            let key =
                "reference|"
                + (reference.draft?.endpoint.id ?? reference.path.split(separator: "/").first.map(String.init)
                    ?? "")
            let failure = Failure(
                request: FuzzRequest(
                    intent: .positive, draft: reference.draft ?? RequestDraft(endpoint: endpoint)),
                record: record, response: try? answer.get(), findings: [finding], key: key)
            if progress.failures[.referencedResourceAvailability]?.contains(where: { $0.key == failure.key })
                != true
            {
                progress.failures[.referencedResourceAvailability, default: []].append(failure)
            }
        }
    }

    /// A new item of `resource` for a valid delete to remove; nil when none can be made.
    func freshItem(of resource: Resource, live: inout LiveValues) async -> LiveValues.Address? {
        var story = ResourceStory(fuzzer: fuzzer, model: fuzzer.model, resource: resource, deadline: deadline)
        guard resource.operations[.create] != nil, let parent = story.parentAddress(live) else {
            return live.items[resource.name]?.last
        }
        return await story.create(parent: parent, live: &live)
    }
}
