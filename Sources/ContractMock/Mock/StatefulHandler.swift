import ContractKit
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

    private var store: ResourceStore { mock.store }
    private var factory: BodyFactory { BodyFactory(mock: mock) }
    private var builder: ResponseBuilder { ResponseBuilder(mock: mock, endpoint: endpoint, request: request) }

    func respond() -> HTTPResponse? {
        if let resource = mock.resources.item(endpoint.path), let id = itemID() {
            seed(resource)
            return itemRequest(resource, id: id)
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
        guard status == nil || status == 404, let spec = DeclaredResponses(endpoint: endpoint).notFound
        else { return nil }
        return builder.build(status: 404, spec: spec, message: "no item with id \"\(id)\"")
    }

    private func itemRequest(_ resource: Resources.Resource, id: String) -> HTTPResponse? {
        guard let stored = store.item(resource.collection, id: id) else {
            return status.map { (200..<300).contains($0) } == true ? nil : notFound(id)
        }
        guard let (status, spec) = success(), (200..<300).contains(status) else { return nil }
        switch endpoint.method {
        case "GET", "HEAD":
            return builder.build(status: status, spec: spec, body: stored)
        case "PUT", "PATCH":
            var updated = stored
            if case .object(let changes)? = requestBody, case .object(var object) = stored {
                let idField = Self.idField(in: object, parameter: resource.parameter)
                for (key, value) in changes where key != idField { object[key] = value }
                if itemSchemaAccepts(.object(object), resource) { updated = .object(object) }
            }
            store.store(resource.collection, .init(id: id, value: updated))
            return builder.build(status: status, spec: spec, body: updated)
        case "DELETE":
            _ = store.remove(resource.collection, id: id)
            return builder.build(status: status, spec: spec, body: stored)
        default:
            return nil
        }
    }

    private var requestBody: JSONValue? {
        request.body.isEmpty ? nil : try? JSONParser.parse(request.body)
    }

    private func create(in resource: Resources.Resource) -> HTTPResponse? {
        guard let (status, spec) = success(), (200..<300).contains(status) else { return nil }
        let number = store.nextNumber()
        let schemaPointer = spec.schemaPointer ?? itemSchema(resource)
        // The declared example first (its id is what a contract's captures expect), then generated.
        let generated =
            number == 1 ? factory.body(for: spec, key: "\(endpoint.id) create") : nil
        guard let schemaPointer,
            case .object(var base)? = generated
                ?? factory.value(at: schemaPointer, key: "\(endpoint.id) create \(number)")
        else { return nil }
        let idField = Self.idField(in: base, parameter: resource.parameter)
        if let idField {
            base[idField] = freshID(base[idField], resource: resource, base: base, field: idField)
        }
        var item = JSONValue.object(base)
        if case .object(let sent)? = requestBody {
            var merged = base
            for (key, value) in sent where key != idField { merged[key] = value }
            if factory.isValid(.object(merged), at: schemaPointer),
                itemSchemaAccepts(.object(merged), resource)
            {
                item = .object(merged)
            }
        }
        guard let idField, let idValue = item[idField] else { return nil }
        store.store(resource.collection, .init(id: Template.plainText(idValue), value: item))
        return builder.build(status: status, spec: spec, body: item)
    }

    /// A new id: one more than the largest numeric id, or a generated value no item has yet.
    private func freshID(
        _ generated: JSONValue?, resource: Resources.Resource, base: JSONObject, field: String
    )
        -> JSONValue
    {
        let existing = store.items(resource.collection).map(\.id)
        if let generated, !existing.contains(Template.plainText(generated)) { return generated }
        if case .number(let number)? = generated, number.intValue != nil {
            let largest = existing.compactMap { Int($0) }.max() ?? 0
            let candidate = JSONValue.number(JSONNumber(max(largest + 1, number.intValue ?? 1)))
            var object = base
            object[field] = candidate
            if factory.isValid(.object(object), at: itemSchema(resource)) { return candidate }
        }
        for attempt in 0..<20 {
            guard
                case .object(let other)? = itemSchema(resource).flatMap({
                    factory.value(at: $0, key: "\(endpoint.id) id \(attempt) \(store.nextNumber())")
                }), let value = other[field]
            else { continue }
            if !existing.contains(Template.plainText(value)) { return value }
        }
        return generated ?? .string("item-\(store.nextNumber())")
    }

    private func list(_ resource: Resources.Resource) -> HTTPResponse? {
        guard let (status, spec) = success(), (200..<300).contains(status),
            let generated = factory.body(for: spec, key: "\(endpoint.id) \(status)")
        else { return nil }
        let items = store.items(resource.collection).map(\.value)
        guard let location = Self.itemsLocation(in: generated) else { return nil }
        let listed = generated.replacing(at: location, with: .array(items))
        let body = factory.isValid(listed, at: spec.schemaPointer) ? listed : generated
        return builder.build(status: status, spec: spec, body: body)
    }

    private func seed(_ resource: Resources.Resource) {
        store.seedIfNeeded(resource.collection) {
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
            for element in elements {
                guard case .object(let object) = element,
                    let field = Self.idField(in: object, parameter: resource.parameter),
                    let id = object[field],
                    !entries.contains(where: { $0.id == Template.plainText(id) })
                else { continue }
                entries.append(.init(id: Template.plainText(id), value: element))
            }
            return entries
        }
    }

    /// The schema of one item: the success schema of `GET` on the item path.
    private func itemSchema(_ resource: Resources.Resource) -> JSONPointer? {
        let getter = mock.contract.endpoints.first {
            $0.method == "GET" && mock.resources.item($0.path)?.collection == resource.collection
        }
        return getter.flatMap { DeclaredResponses(endpoint: $0).success?.spec.schemaPointer }
    }

    private func itemSchemaAccepts(_ value: JSONValue, _ resource: Resources.Resource) -> Bool {
        factory.isValid(value, at: itemSchema(resource))
    }

    /// The field that holds an item's id: the path parameter's name, else a usual id name.
    static func idField(in object: JSONObject, parameter: String) -> String? {
        var names = [parameter, "id", "_id", "uuid", "key", "slug", "name"]
        if parameter.lowercased().hasSuffix("id") {
            names.insert(String(parameter.dropLast(2)) + "_id", at: 1)
        }
        return names.first { object[$0] != nil }
    }

    /// Where a listing keeps its items: the body itself when it is an array, else its first array
    /// property.
    static func itemsLocation(in body: JSONValue) -> JSONPointer? {
        switch body {
        case .array: return .root
        case .object(let object):
            return object.members.first { if case .array = $0.value { return true } else { return false } }
                .map { JSONPointer(tokens: [$0.key]) }
        default: return nil
        }
    }
}
