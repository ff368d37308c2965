import ContractKit
import JSONSchema

/// The bodies a story sends so that what it judges stays visible: the create and the replace give
/// every writable property a value a reset would change (see ``EvidenceValues``), an update changes
/// one property, and properties that name another resource's item carry a live id of it.
extension ResourceStory {
    var navigator: SchemaNavigator { SchemaNavigator(document: contract.document) }

    var evidence: EvidenceValues {
        EvidenceValues(navigator: navigator, generator: fuzzer.generator, seed: fuzzer.configuration.seed)
    }

    /// `base` (a valid generated body for `endpoint`) with live ids in its references and every
    /// other writable property at an evidence value, each kept only where the whole body stays
    /// valid; values differ from `current` (the item as stored) where they can.
    func evidenceBody(for endpoint: Endpoint, base: RequestDraft.Body, current: JSONValue?, live: LiveValues)
        -> RequestDraft.Body
    {
        guard case .json(.object(var object)) = base, let pointer = endpoint.request?.schemaPointer,
            let schema = navigator.schema(at: pointer)
        else { return base }
        let isValid = { (candidate: JSONObject) in
            fuzzer.schemas.validate(.object(candidate), at: pointer).isValid
        }
        object = withReferences(object, schema: schema, live: live, isValid: isValid)
        let required = Set(navigator.required(of: schema))
        for name in ResourceModel.propertyNames(of: schema, navigator: navigator) {
            guard let property = navigator.property(name, of: schema), !isReadOnly(property),
                model.resource(namedBy: name) == nil,
                !(Self.looksLikeReference(name) && !required.contains(name))
            else { continue }
            let before = object[name]
            for candidate in evidence.candidates(
                for: property, name: name, variant: draws, current: current?.objectValue?[name])
            {
                object[name] = candidate
                if isValid(object) { break }
                object[name] = before
            }
            if object[name] == nil, let before { object[name] = before }
        }
        return isValid(object) ? .json(.object(object)) : base
    }

    /// An update of one property of `current` to a new evidence value: text before enums, numbers
    /// and booleans, so what it leaves out keeps values a reset would change; nil when no single
    /// property makes a valid body.
    func singleChange(for endpoint: Endpoint, current: JSONValue?) -> RequestDraft.Body? {
        guard case .object(let stored)? = current, let pointer = endpoint.request?.schemaPointer,
            let schema = navigator.schema(at: pointer)
        else { return nil }
        // The property that holds the item's id names it: changing it moves the item (a rename).
        let idField = resource.idParameter.flatMap {
            IDField.name(in: stored, parameter: $0, collection: resource.collection.template)
        }
        let names = ResourceModel.propertyNames(of: schema, navigator: navigator).filter { name in
            stored[name] != nil && name != idField && model.resource(namedBy: name) == nil
                && !Self.looksLikeReference(name)
                && navigator.property(name, of: schema).map { !isReadOnly($0) } == true
        }
        let ranked = names.sorted { rank(of: $0, in: schema) < rank(of: $1, in: schema) }
        for name in ranked {
            guard let property = navigator.property(name, of: schema) else { continue }
            for candidate in evidence.candidates(
                for: property, name: name, variant: draws + 1, current: stored[name])
            where !StoredComparison(navigator: navigator).equivalent(candidate, stored[name] ?? .null) {
                let body = JSONValue.object(JSONObject([(name, candidate)]))
                if fuzzer.schemas.validate(body, at: pointer).isValid { return .json(body) }
            }
        }
        return nil
    }

    /// Properties that name another item (`owner_id`): a client never makes their values up.
    static func looksLikeReference(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.count > 2
            && (lowered.hasSuffix("_id") || (name.hasSuffix("Id") || name.hasSuffix("ID")))
    }

    /// `object` with each property that names another resource's item given a live id of it; an
    /// optional one without a live item (or naming no known resource) is left out.
    func withReferences(
        _ object: JSONObject, schema: JSONValue, live: LiveValues, isValid: (JSONObject) -> Bool
    ) -> JSONObject {
        var object = object
        let required = Set(navigator.required(of: schema))
        for name in ResourceModel.propertyNames(of: schema, navigator: navigator) {
            let target = model.resource(namedBy: name)
            guard target != nil || Self.looksLikeReference(name) else { continue }
            let before = object[name]
            if let target, let id = Self.liveID(of: target, live: live) {
                object[name] = id
                if !isValid(object) { object[name] = .string(Template.plainText(id)) }
                if isValid(object) { continue }
                object[name] = before
            }
            if !required.contains(name) {
                object[name] = nil
                if !isValid(object) { object[name] = before }
            }
        }
        return object
    }

    /// The id of an item of `resource` known to exist, the ones Conform created first.
    static func liveID(of resource: Resource, live: LiveValues) -> JSONValue? {
        guard let parameter = resource.idParameter else { return nil }
        let created = live.created.filter { $0.resource == resource.name }.compactMap {
            $0.address[parameter]
        }
        return created.first ?? live.items[resource.name]?.compactMap({ $0[parameter] }).first
    }

    private func isReadOnly(_ property: JSONValue) -> Bool {
        navigator.resolve(property)["readOnly"] == .bool(true)
    }

    /// Plain text first (a change of case shows), then enums, numbers, booleans, the rest.
    private func rank(of name: String, in schema: JSONValue) -> Int {
        guard let property = navigator.property(name, of: schema) else { return 9 }
        let resolved = evidence.nonNull(navigator.resolve(property))
        if resolved["enum"] != nil { return 1 }
        let types = navigator.types(of: resolved)
        if types.contains("string") { return resolved["format"] == nil && resolved["pattern"] == nil ? 0 : 2 }
        if types.contains("integer") || types.contains("number") { return 3 }
        if types.contains("boolean") { return 4 }
        return 5
    }
}
