import ContractKit
import Foundation
import JSONSchema

/// The checks of a story that look beyond one item: listings, references to other resources,
/// credentials, another identity and a listing's limit.
extension ResourceStory {
    /// Whether a listing shows the item (`expected`) or no longer does. A listing that may be one
    /// page of several (as many items as a usual page size, or a `next` link) proves nothing about
    /// an item it does not show.
    mutating func checkListed(
        _ item: LiveValues.Address, parent: LiveValues.Address, expected: Bool, live: inout LiveValues
    ) async {
        guard let endpoint = endpoint(.list), let parameter = resource.idParameter, let id = item[parameter],
            !isPastDeadline
        else { return }
        let step = await send(listDraft(endpoint, parent: parent, limit: nil))
        guard step.succeeded, let body = step.body else { return }
        live.observe(body)
        let ids = listedIDs(in: body)
        let listed = ids.contains { StoredComparison.sameID($0, id) }
        if expected {
            // Every item the story created and has not deleted must be there, not only this one.
            let created = live.created.filter { $0.resource == resource.name }.compactMap {
                $0.address[parameter]
            }
            let missing = created.first { candidate in
                !ids.contains { StoredComparison.sameID($0, candidate) }
            }
            let partial = Self.mayBePartial(body, count: ids.count)
            judged(
                .ensureResourceAvailability, on: endpoint.id,
                missing.flatMap { missing in
                    partial
                        ? nil
                        : log.finding(
                            .ensureResourceAvailability, "a created item is missing from the listing",
                            expected:
                                "\(endpoint.displayName) to list \(parameter) \(Template.plainText(missing))",
                            actual: "\(ids.count) items, not this one")
                })
        }
        if !expected {
            judged(
                .useAfterFree, on: endpoint.id,
                listed
                    ? log.finding(
                        .useAfterFree, "a deleted item is still listed",
                        expected: "\(endpoint.displayName) without \(parameter) \(Template.plainText(id))",
                        actual: "still listed") : nil)
        }
    }

    /// Whether a listing may be one page of several.
    static func mayBePartial(_ body: JSONValue, count: Int) -> Bool {
        if count >= 10 { return true }
        guard case .object(let object) = body else { return false }
        for key in ["next", "next_page", "nextPage", "next_cursor", "nextCursor", "cursor"] {
            if let value = object[key], value != .null { return true }
        }
        for key in ["count", "total", "total_count", "totalCount"] {
            if let total = object[key]?.numberValue, total.doubleValue > Double(count) { return true }
        }
        return false
    }

    /// A listing request, with the largest page the description allows when it has a limit
    /// parameter, or `limit` items.
    func listDraft(_ endpoint: Endpoint, parent: LiveValues.Address, limit: Int?) -> RequestDraft {
        var request = draft(endpoint, at: parent)
        if let parameter = ListingLimit.parameter(of: endpoint, in: contract.document) {
            let bounds = ListingLimit.bounds(of: parameter, in: contract.document)
            let value = limit.map { max($0, bounds.minimum ?? $0) } ?? bounds.maximum
            if let value { request.query.append((parameter.name, .number(JSONNumber(value)))) }
        }
        return request
    }

    /// A listing asked for its smallest page must not give more (`limit_respected`).
    mutating func checkLimit(parent: LiveValues.Address, live: inout LiveValues) async {
        guard let endpoint = endpoint(.list), !isPastDeadline,
            let parameter = ListingLimit.parameter(of: endpoint, in: contract.document)
        else { return }
        let limit = max(1, ListingLimit.bounds(of: parameter, in: contract.document).minimum ?? 1)
        let step = await send(listDraft(endpoint, parent: parent, limit: limit))
        guard step.succeeded, let body = step.body,
            let location = ListingLimit.array(in: body, for: parameter),
            case .array(let items)? = location.resolve(in: body)
        else { return }
        judged(
            .limitRespected, on: endpoint.id,
            items.count > limit
                ? log.finding(
                    .limitRespected, "\(endpoint.displayName) ignores \(parameter.name)=\(limit)",
                    expected: "at most \(limit) item\(limit == 1 ? "" : "s")", actual: "\(items.count) items")
                : nil)
    }

    /// The first items a listing names must be readable (`referenced_resource_availability`).
    mutating func checkListedReadable(in body: JSONValue, from endpoint: Endpoint, live: LiveValues) async {
        guard let read = self.endpoint(.read), let parameter = resource.idParameter else { return }
        for id in listedIDs(in: body).prefix(2) where !isPastDeadline {
            var address = parentAddress(live) ?? [:]
            address[parameter] = id
            let step = await send(draft(read, at: address))
            judged(
                .referencedResourceAvailability, on: read.id,
                step.status == 404 || step.status == 410
                    ? log.finding(
                        .referencedResourceAvailability,
                        "\(endpoint.displayName) lists \(parameter) \(Template.plainText(id)), which cannot be read",
                        expected: "2xx for \(read.displayName)", actual: String(step.status ?? 0)) : nil)
        }
    }
}

extension StoredComparison {
    /// Whether two ids name the same item (`7` and `"7"` alike).
    static func sameID(_ a: JSONValue, _ b: JSONValue) -> Bool {
        a == b || Template.plainText(a) == Template.plainText(b)
    }
}
