import ContractKit
import JSONSchema

/// Replacing, updating and deleting an item, and what must be true afterwards.
extension ResourceStory {
    /// Replaces (`PUT`) or updates (`PATCH`) an item with a valid body, then reads it back: the
    /// values sent must be stored (`stored_as_sent`), the item must read as the answer said
    /// (`update_reads_back`), and an update must leave what it did not send as it was. A replace
    /// sends every writable property at a new evidence value, an update changes one property.
    /// Returns the item as read back.
    mutating func change(
        _ item: LiveValues.Address, role: Resource.Role, current: JSONValue?, live: inout LiveValues
    ) async -> JSONValue? {
        guard let endpoint = endpoint(role), !isPastDeadline else { return nil }
        var body: RequestDraft.Body
        if role == .update, let single = singleChange(for: endpoint, current: current) {
            body = single
        } else {
            guard let base = changedBody(for: endpoint, current: current, live: live) else { return nil }
            body =
                role == .replace
                ? evidenceBody(for: endpoint, base: base, current: current, live: live) : base
        }
        body =
            resource.createsOnItem
            ? withoutIDs(body, for: endpoint, chosen: item[resource.idParameter ?? ""])
            : keepingID(body, of: item, current: current)
        let step = await send(draft(endpoint, at: item, body: body))
        guard step.succeeded, let readBack = await read(item, expectFound: nil, live: &live) else {
            return nil
        }
        let sent = sentObject(body, endpoint: endpoint)
        let comparison = storedComparison
        let requestSchema = endpoint.request?.schemaPointer
        let lost = comparison.differences(
            sent: sent, stored: readBack, writableBy: requestSchema, readBy: readSchema)
        judged(
            .storedAsSent, on: endpoint.id,
            lost.first.map { difference in
                log.finding(
                    .storedAsSent,
                    "\(endpoint.displayName) answered \(step.status ?? 0) but the item reads back with \(difference.pointer) \(difference.stored), not the \(difference.sent) it sent",
                    expected: "\(difference.pointer) = \(difference.sent), as sent", actual: difference.stored
                )
            })
        if role == .update, let current {
            let touched = comparison.changedBesides(
                sent: sent, before: current, after: readBack, writableBy: requestSchema)
            if let difference = touched.first {
                judged(
                    .storedAsSent, on: endpoint.id,
                    log.finding(
                        .storedAsSent,
                        "\(endpoint.displayName) changed \(difference.pointer), which the request did not send (\(difference.sent) became \(difference.stored))",
                        expected: "\(difference.pointer) left as \(difference.sent)",
                        actual: difference.stored))
            }
        }
        if let answer = step.body, idValue(in: answer) != nil {
            let differs = comparison.differences(
                sent: answer, stored: readBack, writableBy: requestSchema, nullShowsNothing: true)
            judged(
                .updateReadsBack, on: endpoint.id,
                differs.first.map { difference in
                    log.finding(
                        .updateReadsBack,
                        "\(endpoint.displayName) answered \(difference.pointer) = \(difference.sent), but the item reads back with \(difference.stored)",
                        expected: "the item as the answer showed it",
                        actual: "\(difference.pointer) = \(difference.stored)")
                })
        }
        return readBack
    }

    /// The created item must read back with what the create request sent (`stored_as_sent`).
    mutating func checkStored(_ body: RequestDraft.Body, in stored: JSONValue, endpoint: Endpoint) {
        let comparison = storedComparison
        let sent = sentObject(body, endpoint: endpoint)
        // A `null` a create sends gives no value: the server may fill its own.
        var lost = comparison.differences(
            sent: sent, stored: stored, writableBy: endpoint.request?.schemaPointer, readBy: readSchema,
            nullShowsNothing: true)
        // An id the item path cannot name (Int64.min where `{orderId}` allows 1 to 10) is one a
        // server may replace: the description contradicts itself, nothing was lost.
        if let parameter = resource.idParameter, case .object(let object)? = sent,
            let field = IDField.name(
                in: object, parameter: parameter, collection: resource.collection.template),
            let value = object[field], !isAddressable([parameter: value])
        {
            lost.removeAll { $0.pointer == "/" + field }
        }
        judged(
            .storedAsSent, on: endpoint.id,
            lost.first.map { difference in
                log.finding(
                    .storedAsSent,
                    "the created item reads back with \(difference.pointer) \(difference.stored), not the \(difference.sent) \(endpoint.displayName) sent",
                    expected: "\(difference.pointer) = \(difference.sent), as sent", actual: difference.stored
                )
            })
    }

    /// The schema the item is read with: its read operation's success.
    var readSchema: JSONPointer? {
        endpoint(.read)?.response(for: 200)?.schemaPointer
    }

    /// A valid body for the change that differs from the item where it can (a change that sends
    /// what is already stored proves nothing).
    mutating func changedBody(for endpoint: Endpoint, current: JSONValue?, live: LiveValues) -> RequestDraft
        .Body?
    {
        var fallback: RequestDraft.Body?
        for _ in 0..<4 {
            guard let body = validBody(for: endpoint, live: live) else { return fallback }
            fallback = fallback ?? body
            guard case .object(let sent)? = sentObject(body, endpoint: endpoint),
                case .object(let stored)? = current
            else { return body }
            guard
                let changed = sent.members.first(where: {
                    stored[$0.key] != nil && stored[$0.key] != $0.value
                })
            else { continue }
            // An update sends one changed property where its schema allows, so what it leaves out
            // shows whether the server merges or resets it.
            if resource.operations[.update] == endpoint.id, case .json = body,
                let pointer = endpoint.request?.schemaPointer
            {
                let single = JSONValue.object(JSONObject([(changed.key, changed.value)]))
                if fuzzer.schemas.validate(single, at: pointer).isValid { return .json(single) }
            }
            return body
        }
        return fallback
    }

    /// The body with the item's id where the body names one (a `PUT` that carries `"id"` must
    /// name the item it replaces).
    func keepingID(_ body: RequestDraft.Body, of item: LiveValues.Address, current: JSONValue?)
        -> RequestDraft.Body
    {
        guard case .json(.object(var object)) = body, let parameter = resource.idParameter,
            let field = IDField.name(
                in: object, parameter: parameter, collection: resource.collection.template),
            let id = item[parameter] ?? current.flatMap(idValue(in:))
        else { return body }
        if let current, case .object(let stored) = current, let storedID = stored[field] {
            object[field] = storedID
        } else {
            object[field] = id
        }
        return .json(.object(object))
    }

    /// What a body sent, as a JSON value (a form read back by its schema).
    func sentObject(_ body: RequestDraft.Body, endpoint: Endpoint) -> JSONValue? {
        let generator = FuzzCaseGenerator(
            contract: contract, endpoint: endpoint, variables: [:], schemas: fuzzer.schemas,
            generator: fuzzer.generator, live: LiveValues())
        return generator.object(of: body)
    }

    /// Deletes an item, then checks it is gone: not readable, not updatable, not listed.
    mutating func delete(_ item: LiveValues.Address, parent: LiveValues.Address, live: inout LiveValues) async
    {
        guard let endpoint = endpoint(.delete), !isPastDeadline else { return }
        let step = await send(draft(endpoint, at: item))
        guard step.succeeded else { return }
        live.forget(item: item, of: resource.name)
        if let read = self.endpoint(.read) {
            let again = await send(draft(read, at: item), gone: true)
            judged(
                .useAfterFree, on: read.id,
                again.succeeded
                    ? log.finding(
                        .useAfterFree, "a deleted item can still be read",
                        expected:
                            "404 or 410 for \(read.displayName) after \(endpoint.displayName) answered \(step.status ?? 0)",
                        actual: String(again.status ?? 0)) : nil)
        }
        if let update = self.endpoint(.update), let body = validBody(for: update, live: live) {
            let again = await send(draft(update, at: item, body: body), gone: true)
            judged(
                .useAfterFree, on: update.id,
                again.succeeded
                    ? log.finding(
                        .useAfterFree, "a deleted item can still be changed",
                        expected: "a 4xx for \(update.displayName) after the delete",
                        actual: String(again.status ?? 0)) : nil)
        }
        await checkDeletedUnlisted(item, parent: parent, live: &live)
        _ = await send(draft(endpoint, at: item), gone: true)
    }

    /// How a read item is compared with what was sent, the read schema's shape heard.
    var storedComparison: StoredComparison {
        let generator = fuzzer.generator
        return StoredComparison(
            navigator: SchemaNavigator(document: contract.document),
            accepts: { value, schema in generator.conforms(value, to: schema) })
    }
}
