import ConformHTTP
import ContractKit
import JSONSchema

extension StatefulHandler {
    /// `base` with each member of `sent` that keeps it an item: the sent value, or else the sent
    /// value laid over the member `base` has (``SentOverlay``).
    func kept(
        _ sent: JSONObject, over base: JSONObject, _ schemaPointer: JSONPointer,
        _ resource: Resources.Resource
    ) -> JSONObject {
        var kept = base
        for member in sent.members {
            for value in [member.value, SentOverlay.value(member.value, over: kept[member.key])] {
                var candidate = kept
                candidate[member.key] = value
                if isItem(candidate, schemaPointer, resource) {
                    kept = candidate
                    break
                }
            }
        }
        return kept
    }

    /// Whether `object` is an item as the create answers it and the item path reads it.
    func isItem(_ object: JSONObject, _ schemaPointer: JSONPointer, _ resource: Resources.Resource)
        -> Bool
    {
        factory.isValid(.object(object), at: schemaPointer) && itemSchemaAccepts(.object(object), resource)
    }

    /// The schema of the items a create answers as a list (`{"type": "array", "items": …}` at the
    /// success schema's place), or nil where it answers one item.
    func listedItems(_ spec: ResponseSpec) -> JSONPointer? {
        guard let pointer = spec.schemaPointer, let schema = mock.navigator.schema(at: pointer),
            schema["type"] == "array", schema["items"]?.objectValue != nil
        else { return nil }
        return pointer.appending("items")
    }

    /// A create whose body is a list and whose answer lists what it made (Prefect's
    /// `POST /deployments/{id}/schedules`): each element becomes an item, as a single create
    /// makes one (a generated item with a fresh id, the sent members kept where they fit), and
    /// the answer lists them in order. Nil (the stateless answer) where an element is no object.
    func createEach(
        _ elements: [JSONValue], in resource: Resources.Resource, status: Int, spec: ResponseSpec,
        itemsPointer: JSONPointer
    ) -> HTTPResponse? {
        let declared = mock.navigator.schema(at: itemsPointer).map { declaredProperties($0) } ?? []
        var made: [(id: String, item: JSONObject)] = []
        for (index, element) in elements.enumerated() {
            guard case .object(let sent) = element,
                case .object(var base)? = factory.value(
                    at: itemsPointer, key: "\(endpoint.id) create \(store.nextNumber()) \(index)"),
                let idField = IDField.name(
                    among: base.keys + declared.filter { base[$0] == nil }, parameter: resource.parameter,
                    collection: key)
            else { return nil }
            base[idField] = freshID(base[idField], resource: resource, base: base, field: idField)
            let item = kept(
                JSONObject(sent.members.filter { $0.key != idField }), over: base, itemsPointer, resource)
            guard let idValue = item[idField] else { return nil }
            made.append((Template.plainText(idValue), item))
        }
        for entry in made { store.store(key, .init(id: entry.id, value: .object(entry.item))) }
        return builder.build(status: status, spec: spec, body: .array(made.map { .object($0.item) }))
    }
}
