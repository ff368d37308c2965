import ContractKit
import JSONSchema

extension OperationComparator {
    /// Statuses removed and added, and for each status in both: media types, headers and the body.
    func compareResponses(into sink: inout ChangeSink, schemas: inout SchemaDiff) {
        var sources: SchemaDiff?
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
            if response.status != .code(204) && response.status != .code(304) {
                compareOtherMediaTypes(before, response, into: &sink, sources: &sources)
            }
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
        // A 204 or 304 response has no body, whatever media types the description gives it.
        let bodiless = after.status == .code(204) || after.status == .code(304)
        let oldTypes = bodiless ? [] : before.contentTypes.map(MediaType.essence)
        let newTypes = bodiless ? [] : after.contentTypes.map(MediaType.essence)
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
        sink.add(
            deltas, at: SchemaSubject(place: .responseBody(status: status)),
            usedAt: after.schemaPointer ?? before.schemaPointer)
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
            sink.add(
                deltas, at: SchemaSubject(place: .responseHeader(status: status, name: header.name)),
                usedAt: header.schemaPointer)
        }
    }

    // MARK: - Security and deprecation

    /// The alternatives that let a call of `endpoint` through, each the scheme names presented
    /// together: its own `security`, else the contract's; empty when the operation is public.
    private static func requirements(of endpoint: Endpoint, in contract: Contract) -> [Set<String>] {
        guard let auth = contract.auth else { return [] }
        return auth.requirements(for: endpoint.id).map { Set($0.map(\.name)) }
    }

    /// Security read as OpenAPI means it: an old client presents one of the old alternatives, and
    /// keeps working while some new alternative needs no more than that (an empty one: none).
    /// An old alternative no new one accepts is breaking; an alternative added is info, as in the
    /// catalogue, whose message says when anonymous old clients are now refused.
    func compareSecurity(into sink: inout ChangeSink) {
        let before = Self.requirements(of: old, in: oldContract)
        let after = Self.requirements(of: new, in: newContract)
        guard Set(before) != Set(after) else { return }
        let oldPlace =
            old.pointer.appending("security").resolve(in: oldContract.document) == nil
            ? old.pointer : old.pointer.appending("security")
        let newPlace =
            new.pointer.appending("security").resolve(in: newContract.document) == nil
            ? new.pointer : new.pointer.appending("security")
        let newIsPublic = after.isEmpty || after.contains { $0.isEmpty }
        let oldIsPublic = before.isEmpty || before.contains { $0.isEmpty }
        for requirement in before where !requirement.isEmpty && !after.contains(requirement) {
            let names = requirement.sorted().map { "`\($0)`" }.joined(separator: " and ")
            let accepted = after.contains { $0.isSubset(of: requirement) }
            sink.add(
                "api-security-removed",
                newIsPublic
                    ? "the operation no longer needs \(names): credentials are optional; old clients are unaffected"
                    : accepted
                        ? "the operation no longer asks for \(names) together; old clients that present them still pass"
                        : "the operation no longer accepts \(names); old clients that authenticate with it are refused",
                old: oldPlace, new: newIsPublic ? nil : newPlace, level: newIsPublic || accepted ? .info : nil
            )
        }
        if oldIsPublic && !newIsPublic && after.allSatisfy({ before.contains($0) }) {
            sink.add(
                "api-security-added",
                "credentials are no longer optional for the operation; old clients that call it without them are refused",
                old: nil, new: newPlace)
        }
        for requirement in after where !requirement.isEmpty && !before.contains(requirement) {
            let names = requirement.sorted().map { "`\($0)`" }.joined(separator: " and ")
            sink.add(
                "api-security-added",
                oldIsPublic && !newIsPublic
                    ? "the operation now needs \(names); old clients that call it without credentials are refused"
                    : "the operation now also accepts \(names); old clients are unaffected",
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
