import ContractKit
import JSONSchema

/// The stateful part of a fuzzing run: the story of each resource (parents first), which leaves
/// live items for the endpoint sessions, and at the end the deletion of every item Conform created
/// that is still there, with the ones it could not delete listed.
struct StatefulPhase {
    let fuzzer: ServerFuzzer
    let model: ResourceModel
    let deadline: ContinuousClock.Instant?

    /// The resources to tell, parents before their children and a resource before those whose
    /// creates name its items (`flow_id`), those with a selected operation only.
    var resources: [Resource] {
        let selected = Set(fuzzer.endpoints.map(\.id))
        var ordered: [Resource] = []
        var pending = model.resources.filter { resource in
            !Set(resource.operations.values).isDisjoint(with: selected) && isAddressable(resource)
        }
        let needs = Dictionary(
            uniqueKeysWithValues: pending.map { resource in
                (
                    resource.name,
                    [resource.parent?.resource].compactMap { $0 }
                        + model.references(of: resource, in: fuzzer.contract).map(\.name)
                )
            })
        // One at a time, the first in the description's order whose needs are told: a resource
        // moves only as far as what it needs, so the rest keep the order they are written in.
        while !pending.isEmpty {
            let index =
                pending.firstIndex { resource in
                    (needs[resource.name] ?? []).allSatisfy { needed in
                        !pending.contains { $0.name == needed }
                    }
                } ?? 0
            ordered.append(pending.remove(at: index))
        }
        return ordered
    }

    /// Whether every placeholder of the resource's collection path is an id of its parents: a
    /// collection under placeholders nothing names (`/digest-auth/{qop}/{user}`) has no items a
    /// story could find again.
    func isAddressable(_ resource: Resource) -> Bool {
        var provided = Set<String>()
        var current = resource
        while let parent = current.parent, let owner = model.resource(named: parent.resource) {
            provided.insert(parent.parameter)
            provided.formUnion(owner.collection.parameterNames)
            current = owner
        }
        if current.parent == nil, !current.collection.parameterNames.isEmpty, current.name != resource.name {
            return false
        }
        return Set(resource.collection.parameterNames).isSubset(of: provided)
    }

    func run(live: inout LiveValues) async -> (results: [CaseResult], sent: [String: Int]) {
        var results: [CaseResult] = []
        var sent: [String: Int] = [:]
        for resource in resources {
            if Task.isCancelled { break }
            var story = ResourceStory(fuzzer: fuzzer, model: model, resource: resource, deadline: deadline)
            results += await story.tell(live: &live)
            // Filed where the story's own case is, so the summary and the report agree.
            sent[story.primaryEndpointID, default: 0] += story.sent
            // Nothing listens: the endpoint sessions say so for every endpoint.
            if story.foundNoServer { return (results, sent) }
        }
        let probed = Set(results.filter { $0.checks.contains(.ignoredAuth) }.map(\.endpointID))
        var sweep = ResourceStory(
            fuzzer: fuzzer, model: model,
            resource: Resource(
                name: "secured operations", collection: .root, item: nil, idParameter: nil, parent: nil,
                operations: [:]),
            deadline: deadline)
        await sweep.sweepAuth(fuzzer.endpoints.filter { !probed.contains($0.id) }, live: &live)
        results += sweep.cases()
        return (results, sent)
    }

    /// Deletes the items Conform created, children first; a note of those it could not delete.
    func cleanUp(live: inout LiveValues) async -> [String] {
        var left: [String] = []
        for (resourceName, address) in live.created.reversed() {
            guard let resource = model.resource(named: resourceName), let item = resource.item,
                let endpoint = resource.operations[.delete].flatMap(fuzzer.contract.endpoint)
            else {
                left.append(describe(resourceName, address, model: model) + " (no DELETE operation)")
                continue
            }
            var path: [String: JSONValue] = [:]
            for name in item.parameterNames { path[name] = address[name] }
            let record = RequestDraft(endpoint: endpoint, path: path).record(
                baseURL: fuzzer.configuration.baseURL, extraHeaders: fuzzer.configuration.headers,
                auth: fuzzer.contract.auth)
            let status = try? await fuzzer.perform(record).result.get().status
            if status.map({ (200..<300).contains($0) || $0 == 404 || $0 == 410 }) != true {
                left.append(
                    describe(resourceName, address, model: model)
                        + " (DELETE answered \(status.map(String.init) ?? "nothing"))")
            }
            live.forget(item: address, of: resourceName)
        }
        return left
    }

    private func describe(_ resource: String, _ address: LiveValues.Address, model: ResourceModel) -> String {
        guard let item = model.resource(named: resource)?.item else { return resource }
        return item.expand(address.mapValues(Template.plainText))
    }
}
