import ContractKit
import JSONSchema

/// What listings must show: right after the creates, every item the story created, the newest
/// included (`ensure_resource_availability`), on pages that add up (`listing_consistency`); after
/// the delete, not the deleted item (`use_after_free`).
extension ResourceStory {
    /// Lists the collection right after the creates, with the largest page it allows, and the
    /// page that holds the last items when the first does not hold them all.
    mutating func checkListedAfterCreate(parent: LiveValues.Address, live: inout LiveValues) async {
        guard let endpoint = endpoint(.list), let parameter = resource.idParameter, !isPastDeadline else {
            return
        }
        // A listing whose success the description gives no schema (Quay's robots) promises
        // nothing about what it holds.
        guard Self.declaresSuccessBody(endpoint), listingNamesItems(endpoint) else { return }
        let created = live.created.filter { $0.resource == resource.name }.compactMap {
            $0.address[parameter]
        }
        guard let newest = created.last,
            let first = await listedPage(endpoint, parent: parent, extra: nil, live: &live)
        else { return }
        var seen = first.ids
        var complete = !first.mayBePartial
        if !complete, created.contains(where: { id in !seen.contains { StoredComparison.sameID($0, id) } }),
            let query = first.lastPageQuery(parameters: endpoint.parameters),
            let last = await listedPage(endpoint, parent: parent, extra: query, live: &live)
        {
            seen += last.ids
            complete = first.total.map { total in Set(seen.map(Template.plainText)).count >= total } ?? false
        }
        // An item on a page not fetched proves nothing; every item seen, one created is a loss.
        guard complete else { return }
        let missing = created.filter { id in !seen.contains { StoredComparison.sameID($0, id) } }
        let which =
            missing.contains { StoredComparison.sameID($0, newest) }
            ? "the newest created item is missing from the listing"
            : "a created item is missing from the listing"
        judged(
            .ensureResourceAvailability, on: endpoint.id,
            missing.first.map { id in
                log.finding(
                    .ensureResourceAvailability, which,
                    expected: "\(endpoint.displayName) to list \(parameter) \(Template.plainText(id))",
                    actual: "\(seen.count) items, not this one")
            })
    }

    /// Sends one listing request (`extra` adds a page parameter) and judges whether its page adds up.
    mutating func listedPage(
        _ endpoint: Endpoint, parent: LiveValues.Address, extra: (name: String, value: JSONValue)?,
        limit: Int? = nil, live: inout LiveValues
    ) async -> ListingPage? {
        var request = listDraft(endpoint, parent: parent, limit: limit)
        if let extra {
            request.query.removeAll { $0.name == extra.name }
            request.query.append(extra)
        }
        let step = await send(request)
        guard step.succeeded, let body = step.body else { return nil }
        live.observe(body)
        let headers = (try? step.answer.get())?.headers ?? []
        let page = ListingPage(
            body: body, ids: listedIDs(in: body), query: request.query,
            nextHeader: ListingPage.linksNext(headers))
        if let expected = page.expectedCount {
            judged(
                .listingConsistency, on: endpoint.id,
                page.count == expected
                    ? nil
                    : log.finding(
                        .listingConsistency,
                        "\(endpoint.displayName) holds \(page.count) items where its count \(page.total ?? 0), page size \(page.limit ?? 0) and offset \(page.offset) leave \(expected)",
                        expected: "\(expected) items", actual: "\(page.count) items"))
        } else if let total = page.total, page.count > total - page.offset {
            judged(
                .listingConsistency, on: endpoint.id,
                log.finding(
                    .listingConsistency,
                    "\(endpoint.displayName) holds \(page.count) items where its count \(total) and offset \(page.offset) leave at most \(max(0, total - page.offset))",
                    expected: "at most \(max(0, total - page.offset)) items", actual: "\(page.count) items"))
        }
        return page
    }

    /// After the delete, the listing must not show the deleted item (`use_after_free`), and its
    /// page must still add up (a count that keeps deleted items does not).
    mutating func checkDeletedUnlisted(
        _ item: LiveValues.Address, parent: LiveValues.Address, live: inout LiveValues
    )
        async
    {
        guard let endpoint = endpoint(.list), let parameter = resource.idParameter, let id = item[parameter],
            listingNamesItems(endpoint), !isPastDeadline
        else { return }
        guard let page = await listedPage(endpoint, parent: parent, extra: nil, live: &live) else { return }
        let listed = page.ids.contains { StoredComparison.sameID($0, id) }
        judged(
            .useAfterFree, on: endpoint.id,
            listed
                ? log.finding(
                    .useAfterFree, "a deleted item is still listed",
                    expected: "\(endpoint.displayName) without \(parameter) \(Template.plainText(id))",
                    actual: "still listed") : nil)
    }

    /// The schema an operation declares for its success, or nil.
    static func successSchema(_ endpoint: Endpoint?) -> JSONPointer? {
        endpoint?.responses.first { spec in
            guard spec.schemaPointer != nil else { return false }
            switch spec.status {
            case .code(let code): return (200..<300).contains(code)
            case .range(let first): return first == 2
            case .default: return false
            }
        }?.schemaPointer
    }

    /// Whether an operation declares a body for its success.
    static func declaresSuccessBody(_ endpoint: Endpoint?) -> Bool { successSchema(endpoint) != nil }

    /// Whether the ids a listing shows are the values the item path names. An item created on its
    /// own path is named by the client (`PUT /user/following/{username}`); where no answer of the
    /// item declares a body (GitHub's 204s) and a listed item declares no member of the
    /// parameter's name (a listed user has a `login` and a numeric `id`), nothing says which member
    /// holds the path's value, and a listing without the created value proves no loss.
    func listingNamesItems(_ listing: Endpoint) -> Bool {
        guard resource.createsOnItem, let parameter = resource.idParameter else { return true }
        if Self.declaresSuccessBody(endpoint(.read)) || Self.declaresSuccessBody(endpoint(.create)) {
            return true
        }
        let navigator = SchemaNavigator(document: contract.document)
        guard let pointer = Self.successSchema(listing),
            let schema = navigator.schema(at: pointer).map(navigator.resolve)
        else { return false }
        let list =
            navigator.types(of: schema).contains("array")
            ? schema
            : schema["properties"]?.objectValue?.members.first {
                navigator.types(of: $0.value).contains("array")
            }?
            .value
        let element = list.flatMap { navigator.element(0, of: $0) }
        return element.flatMap { navigator.property(parameter, of: $0) } != nil
    }
}
