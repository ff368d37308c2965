import ContractKit
import Foundation
import JSONSchema

/// The checks of a story that look beyond one item: listings, references to other resources,
/// credentials, another identity and a listing's limit.
extension ResourceStory {
    /// A listing request, with the largest page the description allows when it has a limit
    /// parameter, or `limit` items.
    func listDraft(_ endpoint: Endpoint, parent: LiveValues.Address, limit: Int?) -> RequestDraft {
        var request = draft(endpoint, at: parent)
        // A search sent with `POST` carries the simplest body it takes (often none).
        if endpoint.request?.isRequired == true, let body = simplestBody(for: endpoint, live: LiveValues()) {
            request.body = body
        }
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
        let request = listDraft(endpoint, parent: parent, limit: limit)
        let step = await send(request)
        guard step.succeeded, let body = step.body,
            let location = ListingLimit.array(in: body, for: parameter),
            case .array(let items)? = location.resolve(in: body)
        else { return }
        // The next page of that size must add up with the count the first one declared.
        let page = ListingPage(body: body, ids: listedIDs(in: body), query: request.query)
        let names = Set(endpoint.parameters.filter { $0.location == .query }.map(\.name))
        let next: (name: String, value: JSONValue)? =
            ListingPage.offsetNames.first(where: names.contains).map { ($0, .number(JSONNumber(limit))) }
            ?? ListingPage.pageNames.first(where: names.contains).map { ($0, .number(2)) }
        if page.total != nil, let next {
            _ = await listedPage(endpoint, parent: parent, extra: next, limit: limit, live: &live)
        }
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
