import ContractKit
import JSONSchema

extension OperationComparator {
    /// Statuses removed and added, and for each status in both: media types, headers and the body.
    func compareResponses(into sink: inout ChangeSink, schemas: inout SchemaDiff) {
        for response in old.responses where !new.responses.contains(where: { $0.status == response.status }) {
            let success = Self.isSuccess(response.status)
            sink.add(
                success ? "response-success-status-removed" : "response-non-success-status-removed",
                "the \(response.status) response was removed; "
                    + (success
                        ? "old clients that wait for it get another status" : "old clients are unaffected"),
                old: response.pointer, new: nil,
                codable: success
                    ? (
                        "the model decoded for \(response.status) is never used: the app sees another status",
                        false
                    ) : nil)
        }
        for response in new.responses {
            guard let before = old.responses.first(where: { $0.status == response.status }) else {
                let success = Self.isSuccess(response.status)
                sink.add(
                    success ? "response-success-status-added" : "response-non-success-status-added",
                    "the \(response.status) response was added; old clients treat it as any status they do not know",
                    old: nil, new: response.pointer,
                    codable: ("the app has no model for \(response.status); it goes to its error path", false)
                )
                continue
            }
            compare(before, response, into: &sink, schemas: &schemas)
        }
    }

    private static func isSuccess(_ status: ResponseSpec.Status) -> Bool {
        switch status {
        case .code(let code): return (200..<300).contains(code)
        case .range(let first): return first == 2
        case .default: return false
        }
    }

    private func compare(
        _ before: ResponseSpec, _ after: ResponseSpec, into sink: inout ChangeSink, schemas: inout SchemaDiff
    ) {
        let status = after.status.description
        let oldTypes = before.contentTypes.map(MediaType.essence)
        let newTypes = after.contentTypes.map(MediaType.essence)
        for type in oldTypes where !newTypes.contains(type) {
            sink.add(
                "response-media-type-removed",
                "the \(status) response is no longer sent as `\(type)`; old clients that ask for it get another type or a 406",
                old: before.pointer, new: nil,
                codable: (
                    "a body that is not JSON throws `DecodingError.dataCorrupted`", MediaType.isJSON(type)
                ))
        }
        for type in newTypes where !oldTypes.contains(type) {
            sink.add(
                "response-media-type-added",
                "the \(status) response may now be sent as `\(type)`; old clients that ask for their type are unaffected",
                old: nil, new: after.pointer, codable: ("nothing changes for a `Codable` model", false))
        }
        compareHeaders(before, after, into: &sink, schemas: &schemas)
        guard !oldTypes.isEmpty, !newTypes.isEmpty, before.schemaPointer != nil || after.schemaPointer != nil
        else { return }
        let deltas = schemas.compare(
            Self.parts(before.schemaPointer, in: oldContract),
            Self.parts(after.schemaPointer, in: newContract))
        sink.add(deltas, at: SchemaSubject(place: .responseBody(status: status)))
    }

    private func compareHeaders(
        _ before: ResponseSpec, _ after: ResponseSpec, into sink: inout ChangeSink, schemas: inout SchemaDiff
    ) {
        let status = after.status.description
        let codable = ("`Codable` does not read headers; code that reads this one gets nil", false)
        for header in before.headers
        where !after.headers.contains(where: { $0.name.lowercased() == header.name.lowercased() }) {
            sink.add(
                header.isRequired ? "required-response-header-removed" : "optional-response-header-removed",
                "the response header `\(header.name)` for status \(status) was removed; old clients that read it find it missing",
                old: header.pointer, new: nil, codable: codable)
        }
        for header in after.headers {
            guard
                let previous = before.headers.first(where: {
                    $0.name.lowercased() == header.name.lowercased()
                })
            else {
                sink.add(
                    "response-header-added",
                    "the response header `\(header.name)` for status \(status) was added; old clients are unaffected",
                    old: nil, new: header.pointer, codable: codable)
                continue
            }
            if previous.isRequired != header.isRequired {
                sink.add(
                    header.isRequired ? "response-header-became-required" : "response-header-became-optional",
                    "the response header `\(header.name)` for status \(status) became \(header.isRequired ? "required; old clients are unaffected" : "optional; old clients that read it on every response find it missing")",
                    old: previous.pointer, new: header.pointer, codable: codable)
            }
            let deltas = schemas.compare(
                Self.parts(previous.schemaPointer, in: oldContract),
                Self.parts(header.schemaPointer, in: newContract))
            sink.add(deltas, at: SchemaSubject(place: .responseHeader(status: status, name: header.name)))
        }
    }

    // MARK: - Security and deprecation

    /// The schemes an endpoint's calls need: its own `security`, else the contract's.
    private static func schemes(of endpoint: Endpoint, in contract: Contract) -> [String] {
        guard let auth = contract.auth else { return [] }
        return auth.endpointSecurity[endpoint.id] ?? auth.security
    }

    func compareSecurity(into sink: inout ChangeSink) {
        let before = Self.schemes(of: old, in: oldContract)
        let after = Self.schemes(of: new, in: newContract)
        guard Set(before) != Set(after) else { return }
        let oldPlace =
            old.pointer.appending("security").resolve(in: oldContract.document) == nil
            ? old.pointer : old.pointer.appending("security")
        let newPlace =
            new.pointer.appending("security").resolve(in: newContract.document) == nil
            ? new.pointer : new.pointer.appending("security")
        for scheme in before where !after.contains(scheme) {
            // Without any scheme left the operation is public: old clients' credentials are ignored.
            sink.add(
                "api-security-removed",
                after.isEmpty
                    ? "the operation no longer needs the security scheme `\(scheme)`: it is public; old clients are unaffected"
                    : "the operation no longer takes the security scheme `\(scheme)`; old clients that authenticate with it are refused",
                old: oldPlace, new: after.isEmpty ? nil : newPlace, level: after.isEmpty ? .info : nil)
        }
        for scheme in after where !before.contains(scheme) {
            sink.add(
                "api-security-added",
                "the operation now names the security scheme `\(scheme)`; clients must present its credential",
                old: nil, new: newPlace)
        }
    }

    func compareDeprecation(into sink: inout ChangeSink) {
        let was = OperationComparator.isDeprecated(old, in: sink.old)
        let isNow = OperationComparator.isDeprecated(new, in: sink.new)
        guard was != isNow else { return }
        sink.add(
            isNow ? "endpoint-deprecated" : "endpoint-reactivated",
            isNow
                ? "the operation is now deprecated; old clients still work until it is removed"
                : "the operation is no longer deprecated",
            old: old.pointer, new: new.pointer)
    }

    /// Whether the description marks the operation `deprecated: true`.
    static func isDeprecated(_ endpoint: Endpoint, in description: LoadedDescription) -> Bool {
        description.sourceValue(at: endpoint.pointer)?["deprecated"] == .bool(true)
    }
}
