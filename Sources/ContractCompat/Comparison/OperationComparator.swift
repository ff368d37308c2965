import ContractKit
import JSONSchema

/// Compares one operation found in both descriptions: its parameters, request body, responses,
/// security and deprecation.
struct OperationComparator {
    let old: Endpoint
    let new: Endpoint
    let oldContract: Contract
    let newContract: Contract

    func compare(into sink: inout ChangeSink, schemas: inout SchemaDiff) {
        compareParameters(into: &sink, schemas: &schemas)
        compareRequestBody(into: &sink, schemas: &schemas)
        compareResponses(into: &sink, schemas: &schemas)
        compareSecurity(into: &sink)
        compareDeprecation(into: &sink)
    }

    /// The schema at `pointer` of a contract document as the one part to compare; none (any value)
    /// when there is no schema.
    static func parts(_ pointer: JSONPointer?, in contract: Contract) -> [SchemaPart] {
        guard let pointer, let value = pointer.resolve(in: contract.document) else { return [] }
        return [SchemaPart(value: value, pointer: pointer)]
    }

    // MARK: - Parameters

    /// A parameter's identity across versions: query and header by name (headers ignoring case),
    /// path parameters by their position in the template, since `/pets/{id}` and `/pets/{petId}`
    /// are the same operation.
    private static func key(_ parameter: Parameter, in endpoint: Endpoint) -> String {
        switch parameter.location {
        case .path: return "path#\(endpoint.path.parameterNames.firstIndex(of: parameter.name) ?? -1)"
        case .header: return "header " + parameter.name.lowercased()
        case .query: return "query " + parameter.name
        }
    }

    private func compareParameters(into sink: inout ChangeSink, schemas: inout SchemaDiff) {
        let oldByKey = Dictionary(
            old.parameters.map { (Self.key($0, in: old), $0) }, uniquingKeysWith: { first, _ in first })
        let newKeys = Set(new.parameters.map { Self.key($0, in: new) })
        for parameter in old.parameters where !newKeys.contains(Self.key(parameter, in: old)) {
            sink.add(
                "request-parameter-removed",
                "the \(parameter.location.rawValue) parameter `\(parameter.name)` was removed; a server that refuses unknown parameters rejects old clients that still send it",
                old: parameter.pointer, new: nil)
        }
        for parameter in new.parameters {
            let place = "the \(parameter.location.rawValue) parameter `\(parameter.name)`"
            guard let before = oldByKey[Self.key(parameter, in: new)] else {
                if parameter.isRequired {
                    sink.add(
                        "new-required-request-parameter",
                        "\(place) is new and required; old clients do not send it, so their requests are rejected",
                        old: nil, new: parameter.pointer)
                } else {
                    sink.add(
                        "new-optional-request-parameter",
                        "\(place) is new and optional; old clients are unaffected", old: nil,
                        new: parameter.pointer)
                }
                continue
            }
            if before.isRequired != parameter.isRequired {
                let rule =
                    parameter.isRequired
                    ? "request-parameter-became-required" : "request-parameter-became-optional"
                let effect =
                    parameter.isRequired
                    ? "old clients that leave it out are rejected" : "old clients are unaffected"
                sink.add(
                    rule, "\(place) became \(parameter.isRequired ? "required" : "optional"); \(effect)",
                    old: before.pointer, new: parameter.pointer)
            }
            let deltas = schemas.compare(
                Self.parts(before.schemaPointer, in: oldContract),
                Self.parts(parameter.schemaPointer, in: newContract))
            sink.add(
                deltas,
                at: SchemaSubject(
                    place: .parameter(location: parameter.location.rawValue, name: parameter.name),
                    isRequired: parameter.isRequired),
                usedAt: parameter.schemaPointer)
        }
    }

    // MARK: - Request body

    private func compareRequestBody(into sink: inout ChangeSink, schemas: inout SchemaDiff) {
        if let before = old.request, let after = new.request {
            compareBodies(before, after, into: &sink, schemas: &schemas)
            return
        }
        switch (Self.declaredBody(of: old, in: sink.old), Self.declaredBody(of: new, in: sink.new)) {
        case (nil, nil): return
        case (nil, let body?):
            let rule = body.isRequired ? "request-body-added-required" : "request-body-added-optional"
            let effect =
                body.isRequired
                ? "old clients send none, so their requests are rejected" : "old clients are unaffected"
            sink.add(
                rule,
                "the operation now takes a\(body.isRequired ? " required" : "n optional") request body; \(effect)",
                old: nil, new: body.pointer)
        case (let body?, nil):
            sink.add(
                "request-body-removed",
                "the request body was removed; old clients still send one, which the server may refuse",
                old: body.pointer, new: nil)
        case (let before?, let after?):
            compareRequired(before, after, into: &sink)
        }
    }

    /// The request body an operation declares: the one the contract maps, else one the description
    /// declares without any media type (`content: {}`), which the contract leaves out but which
    /// still says whether a body is required.
    private static func declaredBody(of endpoint: Endpoint, in description: LoadedDescription) -> (
        isRequired: Bool, pointer: JSONPointer
    )? {
        if let body = endpoint.request { return (body.isRequired, body.pointer) }
        guard var body = description.sourceValue(at: endpoint.pointer)?["requestBody"] else { return nil }
        if let reference = body["$ref"]?.stringValue, reference.hasPrefix("#"),
            let pointer = JSONPointer(String(reference.dropFirst())),
            let target = description.sourceValue(at: .root).flatMap(pointer.resolve(in:))
        {
            body = target
        }
        guard case .object = body else { return nil }
        return (body["required"]?.boolValue ?? false, endpoint.pointer.appending("requestBody"))
    }

    private func compareRequired(
        _ before: (isRequired: Bool, pointer: JSONPointer), _ after: (isRequired: Bool, pointer: JSONPointer),
        into sink: inout ChangeSink
    ) {
        guard before.isRequired != after.isRequired else { return }
        sink.add(
            after.isRequired ? "request-body-became-required" : "request-body-became-optional",
            after.isRequired
                ? "the request body became required; old clients that send none are rejected"
                : "the request body became optional; old clients are unaffected",
            old: before.pointer, new: after.pointer)
    }

    private func compareBodies(
        _ before: RequestSpec, _ after: RequestSpec, into sink: inout ChangeSink, schemas: inout SchemaDiff
    ) {
        compareRequired((before.isRequired, before.pointer), (after.isRequired, after.pointer), into: &sink)
        let oldTypes = Self.mediaTypes(of: before, in: oldContract)
        let newTypes = Self.mediaTypes(of: after, in: newContract)
        for (type, schema) in oldTypes where !newTypes.contains(where: { $0.type == type }) {
            sink.add(
                "request-body-media-type-removed",
                "the request media type `\(type)` is no longer accepted; old clients that send it are rejected",
                old: schema ?? before.pointer, new: nil)
        }
        for (type, schema) in newTypes {
            guard let match = oldTypes.first(where: { $0.type == type }) else {
                sink.add(
                    "request-body-media-type-added",
                    "the request media type `\(type)` is now accepted too; old clients are unaffected",
                    old: nil, new: schema ?? after.pointer)
                continue
            }
            let deltas = schemas.compare(
                Self.parts(match.schema, in: oldContract), Self.parts(schema, in: newContract))
            sink.add(deltas, at: SchemaSubject(place: .requestBody), usedAt: schema)
        }
    }

    /// The media types a request body accepts (the one the contract maps, then those the loader
    /// kept beside it), each with its schema's place.
    private static func mediaTypes(of body: RequestSpec, in contract: Contract) -> [(
        type: String, schema: JSONPointer?
    )] {
        var types = [(type: MediaType.essence(body.contentType), schema: body.schemaPointer)]
        let others = body.pointer.appending("x-otherContentTypes")
        for member in others.resolve(in: contract.document)?.objectValue?.members ?? [] {
            let type = MediaType.essence(member.key)
            guard !types.contains(where: { $0.type == type }) else { continue }
            let schema = others.appending(member.key).appending("schema")
            types.append((type, schema.resolve(in: contract.document) == nil ? nil : schema))
        }
        return types
    }
}
