import ConformHTTP
import ContractKit
import Foundation
import JSONSchema

/// Answers requests on a resource from the mock's store: `POST` to the collection creates an item
/// with a fresh id, `GET`/`PUT`/`PATCH`/`DELETE` on the item path read, update and remove it, and
/// the listing shows the seed items plus the created ones. Returns nil where state does not apply,
/// and the mock answers as a stateless mock would.
struct StatefulHandler {
    let mock: ContractMock
    let endpoint: Endpoint
    let request: HTTPRequest
    let pathValues: [String: String]
    /// The status an example asks for, which replaces the usual success status.
    let status: Int?

    var store: ResourceStore { mock.store }
    var factory: BodyFactory { BodyFactory(mock: mock) }
    var builder: ResponseBuilder { ResponseBuilder(mock: mock, endpoint: endpoint, request: request) }

    func respond() -> HTTPResponse? {
        if let resource = mock.resources.item(endpoint.path), let id = itemID() {
            seed(resource)
            return itemRequest(resource, id: id)
        }
        if endpoint.method == "POST", let resource = mock.resources.search(endpoint.path) {
            seed(resource)
            return list(resource)
        }
        if let resource = mock.resources.collection(endpoint.path) {
            seed(resource)
            switch endpoint.method {
            case "POST": return create(in: resource)
            case "GET": return list(resource)
            default: return nil
            }
        }
        return nil
    }

    /// The concrete collection this request is about (`/users/7/notes`), the key in the store, so
    /// a nested resource keeps each parent's items apart.
    var key: String {
        var segments = endpoint.path.route.split(separator: "/", omittingEmptySubsequences: false).map(
            String.init)
        // An item path and a search (`/flows/filter`) sit one segment below their collection.
        if mock.resources.item(endpoint.path) != nil || mock.resources.search(endpoint.path) != nil {
            segments.removeLast()
        }
        var path = segments.joined(separator: "/")
        for (name, value) in pathValues { path = path.replacingOccurrences(of: "{\(name)}", with: value) }
        // `/things/` and `/things/{id}` name one collection.
        return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// The `Location` header of a created item, where the response declares one: the item's path.
    private func location(of id: String, spec: ResponseSpec) -> [String: String] {
        guard let header = spec.headers.first(where: { $0.name.lowercased() == "location" }) else {
            return [:]
        }
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove("/")
        let path = key + "/" + (id.addingPercentEncoding(withAllowedCharacters: allowed) ?? id)
        for candidate in [path, mock.baseURL + path] {
            let accepted = header.schemaPointer.map { factory.isValid(.string(candidate), at: $0) } ?? true
            if accepted { return [header.name: candidate] }
        }
        return [:]
    }

    private func itemID() -> String? {
        guard case .parameter(let name)? = endpoint.path.segments.last?.parts.first else { return nil }
        return pathValues[name]
    }

    private func success() -> (status: Int, spec: ResponseSpec)? {
        let declared = DeclaredResponses(endpoint: endpoint)
        if let status, let spec = declared.response(for: status) { return (status, spec) }
        return declared.success
    }

    private func notFound(_ id: String) -> HTTPResponse? {
        let message = "no item with id \"\(id)\""
        let declared = DeclaredResponses(endpoint: endpoint)
        if let spec = declared.notFound { return builder.build(status: 404, spec: spec, message: message) }
        guard store.wasDeleted(key, id: id) else { return nil }
        // A deleted item never succeeds again, even where the operation declares no 404 (GitHub's
        // PATCH of an issue comment declares 200 and 422): 410, else a declared client error, else
        // a 404 of the mock's own.
        if let spec = declared.response(for: 410) {
            return builder.build(status: 410, spec: spec, message: message)
        }
        if let (status, spec) = declared.otherClientError ?? declared.rejection {
            return builder.build(status: status, spec: spec, message: message)
        }
        return ContractMock.errorResponse(404, message)
    }

    private func itemRequest(_ resource: Resources.Resource, id: String) -> HTTPResponse? {
        // What the store holds wins over an example that expects success: a deleted item is gone
        // even when a "read it back" example matches the request too.
        guard let stored = store.item(key, id: id) else {
            if endpoint.method == "PUT" && resource.createsOnItem { return createOnItem(resource, id: id) }
            // `DELETE` is idempotent: where the operation declares no 404 or 410, an item the mock
            // does not hold (never held, or deleted) is deleted as a stateless mock answers, and
            // is gone for every later request that declares a client error to say so with.
            let declared = DeclaredResponses(endpoint: endpoint)
            if endpoint.method == "DELETE", declared.notFound == nil, declared.response(for: 410) == nil {
                if othersCanSayGone { store.forget(key, id: id) }
                return nil
            }
            return notFound(id)
        }
        guard let (status, spec) = success(), (200..<300).contains(status) else { return nil }
        switch endpoint.method {
        case "GET", "HEAD":
            return builder.build(status: status, spec: spec, body: stored)
        case "PUT", "PATCH":
            var updated = stored
            if case .object(let changes)? = requestBody, case .object(let object) = stored {
                let idField = Self.idField(in: object, parameter: resource.parameter, collection: key)
                var merged = object
                for (name, value) in changes where name != idField { merged[name] = value }
                // PUT replaces the item: what the body leaves out is gone, where the schema allows.
                var replaced = JSONObject()
                if let idField, let idValue = object[idField] { replaced[idField] = idValue }
                for (name, value) in changes where name != idField { replaced[name] = value }
                if endpoint.method == "PUT", itemSchemaAccepts(.object(replaced), resource) {
                    updated = .object(replaced)
                } else if itemSchemaAccepts(.object(merged), resource) {
                    updated = .object(merged)
                } else if let schemaPointer = itemSchema(resource) {
                    // A member that does not fit (Prefect's automation trigger, written and read in
                    // two shapes) leaves every other one to be kept, as a create does.
                    let changed = JSONObject(changes.members.filter { $0.key != idField })
                    updated = .object(kept(changed, over: object, schemaPointer, resource))
                }
            }
            store.store(key, .init(id: id, value: updated))
            return builder.build(status: status, spec: spec, body: updated)
        case "DELETE":
            _ = store.remove(key, id: id)
            return builder.build(status: status, spec: spec, body: stored)
        default:
            return nil
        }
    }

    /// A `PUT` that creates the item it names: the body, with the id the path gives it.
    private func createOnItem(_ resource: Resources.Resource, id: String) -> HTTPResponse? {
        let declared = DeclaredResponses(endpoint: endpoint)
        guard let (status, spec) = declared.response(for: 201).map({ (201, $0) }) ?? success(),
            (200..<300).contains(status)
        else { return nil }
        var item = requestBody ?? .object(JSONObject())
        var named = item
        if case .object(var object) = item,
            let field = Self.idField(in: object, parameter: resource.parameter, collection: key)
                ?? (itemSchema(resource).flatMap { mock.navigator.schema(at: $0) }.map {
                    declaredProperties($0)
                })
                .flatMap({ IDField.name(among: $0, parameter: resource.parameter, collection: key) })
        {
            object[field] = .string(id)
            named = .object(object)
            if itemSchemaAccepts(.object(object), resource) { item = .object(object) }
        }
        // What the client sent is often not a whole item (Jupyter's PUT of a file sends its type,
        // format and content; the file read back also has a name, dates and a MIME type): the sent
        // members over a generated item, so that reads show what was sent.
        if let schemaPointer = spec.schemaPointer ?? itemSchema(resource),
            !factory.isValid(item, at: schemaPointer),
            case .object(let sent) = named,
            case .object(var whole)? = factory.value(at: schemaPointer, key: "\(endpoint.id) create on item")
        {
            for (name, value) in sent { whole[name] = value }
            if factory.isValid(.object(whole), at: schemaPointer), itemSchemaAccepts(.object(whole), resource)
            {
                item = .object(whole)
            }
        }
        store.store(key, .init(id: id, value: item))
        return builder.build(status: status, spec: spec, body: item)
    }

    var requestBody: JSONValue? {
        request.body.isEmpty ? nil : try? JSONParser.parse(request.body)
    }

    private func create(in resource: Resources.Resource) -> HTTPResponse? {
        guard let (status, spec) = success(), (200..<300).contains(status) else { return nil }
        if case .array(let elements)? = requestBody, let itemsPointer = listedItems(spec) {
            return createEach(elements, in: resource, status: status, spec: spec, itemsPointer: itemsPointer)
        }
        let number = store.nextNumber()
        let schemaPointer = spec.schemaPointer ?? itemSchema(resource)
        // The declared example first (its id is what a contract's captures expect), then generated.
        let generated =
            number == 1 ? factory.body(for: spec, key: "\(endpoint.id) create") : nil
        guard let schemaPointer,
            case .object(var base)? = generated
                ?? factory.value(at: schemaPointer, key: "\(endpoint.id) create \(number)")
        else { return nil }
        // The field the item path names it by, where the schema declares it even if this value
        // leaves it out (`{username}` names a user by `username`, not by its numeric `id`).
        let declared = mock.navigator.schema(at: schemaPointer).map { declaredProperties($0) } ?? []
        let idField = IDField.name(
            among: base.keys + declared.filter { base[$0] == nil }, parameter: resource.parameter,
            collection: key)
        if let idField {
            base[idField] = freshID(base[idField], resource: resource, base: base, field: idField)
        }
        var item = JSONValue.object(base)
        if case .object(let sent)? = requestBody {
            var merged = base
            // A client that names the id itself (a Pet whose schema requires `id`) keeps it, unless
            // another item has it already or the item path could not name it (id 0 where
            // `{orderId}` needs at least 1).
            let taken = Set(store.items(self.key).map(\.id))
            for (name, value) in sent
            where name != idField
                || (!taken.contains(Template.plainText(value)) && addressable(value, resource))
            {
                merged[name] = value
            }
            if isItem(merged, schemaPointer, resource) {
                item = .object(merged)
            } else {
                // Some sent member does not fit the item as it reads back (Prefect's deployment
                // takes its schedules in another shape): every other one is still kept, as sent.
                let fitting = sent.members.filter { merged[$0.key] == $0.value }
                item = .object(kept(JSONObject(fitting), over: base, schemaPointer, resource))
            }
        }
        guard let idField, let idValue = item[idField] else { return nil }
        let id = Template.plainText(idValue)
        store.store(key, .init(id: id, value: item))
        return builder.build(
            status: status, spec: spec, body: item, headers: location(of: id, spec: spec))
    }

    /// Whether every other operation on this item path declares a client error, to answer an item
    /// gone with: where one declares none (httpbin's `PATCH /anything/{anything}`), a made-up id
    /// the mock forgot would get a status its description does not declare.
    private var othersCanSayGone: Bool {
        mock.contract.endpoints.filter { $0.path.shape == endpoint.path.shape && $0.method != "DELETE" }
            .allSatisfy { other in
                let declared = DeclaredResponses(endpoint: other)
                return declared.notFound != nil || declared.rejection != nil
                    || declared.response(for: 410) != nil
            }
    }

    /// The property names an object schema declares, its `allOf` branches' included.
    func declaredProperties(_ schema: JSONValue, depth: Int = 0) -> [String] {
        let resolved = mock.navigator.resolve(schema)
        var names = resolved["properties"]?.objectValue?.keys ?? []
        guard depth < 8 else { return names }
        for branch in resolved["allOf"]?.arrayValue ?? [] {
            for name in declaredProperties(branch, depth: depth + 1) where !names.contains(name) {
                names.append(name)
            }
        }
        return names
    }

    /// A new id: one more than the largest numeric id, or a generated value no item has yet.
    func freshID(
        _ generated: JSONValue?, resource: Resources.Resource, base: JSONObject, field: String
    )
        -> JSONValue
    {
        let existing = store.items(key).map(\.id)
        if let generated, !existing.contains(Template.plainText(generated)), addressable(generated, resource)
        {
            return generated
        }
        // One more than the largest numeric id (a client may have stored Int.max itself).
        let largest = existing.compactMap { Int($0) }.max() ?? 0
        let next = largest.addingReportingOverflow(1)
        if case .number(let number)? = generated, number.intValue != nil, !next.overflow {
            let candidate = JSONValue.number(JSONNumber(max(next.partialValue, number.intValue ?? 1)))
            var object = base
            object[field] = candidate
            if factory.isValid(.object(object), at: itemSchema(resource)), addressable(candidate, resource) {
                return candidate
            }
        }
        for attempt in 0..<20 {
            guard
                case .object(let other)? = itemSchema(resource).flatMap({
                    factory.value(at: $0, key: "\(endpoint.id) id \(attempt) \(store.nextNumber())")
                }), let value = other[field]
            else { continue }
            if !existing.contains(Template.plainText(value)), addressable(value, resource) { return value }
        }
        return generated ?? .string("item-\(store.nextNumber())")
    }

    /// Whether an id can name the item in its path: valid by the item path parameter's schema
    /// (an Order schema may allow id 0 where `/store/order/{orderId}` needs at least 1).
    private func addressable(_ value: JSONValue, _ resource: Resources.Resource) -> Bool {
        let pointers = mock.contract.endpoints.filter {
            mock.resources.item($0.path)?.collection == resource.collection
        }.compactMap { item -> JSONPointer? in
            guard case .parameter(let name)? = item.path.segments.last?.parts.first else { return nil }
            return item.parameters.first { $0.location == .path && $0.name == name }?.schemaPointer
        }
        return pointers.allSatisfy { pointer in
            let coerced = mock.navigator.coerce(
                Template.plainText(value), to: mock.navigator.schema(at: pointer))
            return mock.schemas.validate(coerced, at: pointer).isValid
        }
    }

    private func list(_ resource: Resources.Resource) -> HTTPResponse? {
        guard let (status, spec) = success(), (200..<300).contains(status),
            let generated = factory.body(for: spec, key: "\(endpoint.id) \(status)")
        else { return nil }
        let items = store.items(key).map(\.value)
        guard let location = Self.itemsLocation(in: generated) else { return nil }
        var listed = generated.replacing(at: location, with: .array(items))
        // A count beside the items ({"items": [...], "total": 3}) says how many there are.
        if location != .root, case .object(var object) = listed {
            for name in ["total", "count", "totalCount", "total_count", "size"]
            where object[name]?.numberValue != nil {
                object[name] = .number(JSONNumber(items.count))
            }
            if factory.isValid(.object(object), at: spec.schemaPointer) { listed = .object(object) }
        }
        let body = factory.isValid(listed, at: spec.schemaPointer) ? listed : generated
        return builder.build(status: status, spec: spec, body: body)
    }

    private func seed(_ resource: Resources.Resource) {
        store.seedIfNeeded(key) {
            guard
                let listing = mock.contract.endpoints.first(where: {
                    $0.method == "GET" && $0.path.shape == resource.collection
                }),
                let (_, spec) = DeclaredResponses(endpoint: listing).success,
                let body = factory.body(for: spec, key: "\(listing.id) 200"),
                let location = Self.itemsLocation(in: body),
                case .array(let elements)? = location.resolve(in: body)
            else { return [] }
            var entries: [ResourceStore.Entry] = []
            // A seed the item path could not name (a generated item without its `id`, named by its
            // `name` where the path wants a uuid) would be listed, then read with a path value the
            // mock itself rejects: it is left out.
            for element in elements {
                guard case .object(let object) = element,
                    let field = Self.idField(in: object, parameter: resource.parameter, collection: key),
                    let id = object[field], addressable(id, resource),
                    !entries.contains(where: { $0.id == Template.plainText(id) })
                else { continue }
                entries.append(.init(id: Template.plainText(id), value: element))
            }
            return entries
        }
    }

    /// The schema of one item: the success schema of `GET` on the item path.
    func itemSchema(_ resource: Resources.Resource) -> JSONPointer? {
        let getter = mock.contract.endpoints.first {
            $0.method == "GET" && mock.resources.item($0.path)?.collection == resource.collection
        }
        return getter.flatMap { DeclaredResponses(endpoint: $0).success?.spec.schemaPointer }
    }

    func itemSchemaAccepts(_ value: JSONValue, _ resource: Resources.Resource) -> Bool {
        factory.isValid(value, at: itemSchema(resource))
    }

    /// The field that holds an item's id (see ``IDField``).
    static func idField(in object: JSONObject, parameter: String, collection: String = "") -> String? {
        IDField.name(in: object, parameter: parameter, collection: collection)
    }

    /// Where a listing keeps its items (see ``IDField/itemsLocation(in:)``).
    static func itemsLocation(in body: JSONValue) -> JSONPointer? { IDField.itemsLocation(in: body) }
}
