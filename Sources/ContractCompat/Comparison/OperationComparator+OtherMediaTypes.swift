import ContractKit
import JSONSchema

extension OperationComparator {
    /// The schemas of a response's media types other than JSON (`application/xml`, `text/plain`),
    /// which the contract keeps no schema for, compared as the descriptions write them: a bound
    /// relaxed on an XML body sends old clients values they were not built for as surely as on a
    /// JSON one. A `Codable` model does not decode such a body, so `--clients codable` changes
    /// nothing here. `sources` compares the two descriptions as read; it is made on first use.
    func compareOtherMediaTypes(
        _ before: ResponseSpec, _ after: ResponseSpec, into sink: inout ChangeSink, sources: inout SchemaDiff?
    ) {
        guard let oldContent = sink.old.sourceValue(at: before.pointer)?["content"]?.objectValue,
            let newContent = sink.new.sourceValue(at: after.pointer)?["content"]?.objectValue
        else { return }
        for member in newContent.members where !MediaType.isJSON(member.key) {
            guard let oldSchema = oldContent[member.key]?["schema"], let newSchema = member.value["schema"]
            else {
                continue
            }
            var diff =
                sources
                ?? SchemaDiff(
                    old: sink.old.sourceValue(at: .root) ?? .null,
                    new: sink.new.sourceValue(at: .root) ?? .null)
            let deltas = diff.compare(
                [SchemaPart(value: oldSchema, pointer: Self.schemaPlace(of: before, mediaType: member.key))],
                [SchemaPart(value: newSchema, pointer: Self.schemaPlace(of: after, mediaType: member.key))])
            sources = diff
            sink.add(
                deltas.map(Self.placedInContract),
                at: SchemaSubject(place: .responseBody(status: after.status.description)),
                usedAt: Self.schemaPlace(of: after, mediaType: member.key), decodedByCodable: false)
        }
    }

    /// The place of a media type's schema, written from the response's place in the contract so
    /// the change is located in the file like any other.
    private static func schemaPlace(of response: ResponseSpec, mediaType: String) -> JSONPointer {
        response.pointer.appending("content").appending(mediaType).appending("schema")
    }

    /// A delta whose places a `$ref` led into `#/components/schemas/…` of a description as read,
    /// placed at the contract's `#/schemas/…`, which the contract maps back to the same file.
    private static func placedInContract(_ delta: SchemaDelta) -> SchemaDelta {
        var copy = delta
        copy.old = delta.old.map(contractPointer)
        copy.new = delta.new.map(contractPointer)
        return copy
    }

    private static func contractPointer(_ pointer: JSONPointer) -> JSONPointer {
        let tokens = pointer.tokens
        guard tokens.count >= 2, tokens[0] == "components", tokens[1] == "schemas" else { return pointer }
        return JSONPointer(tokens: ["schemas"] + tokens.dropFirst(2))
    }
}
