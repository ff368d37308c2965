import JSONSchema

extension ContractDecoder {
    mutating func responses(_ value: JSONValue?, at pointer: JSONPointer) -> [ResponseSpec] {
        guard let value else { return [] }  // a missing "responses" is reported as a required key
        guard case .object(let object) = value else {
            log.error(
                "\"responses\" must be an object keyed by status (\"200\", \"4XX\", \"default\")", at: pointer
            )
            return []
        }
        if object.isEmpty { log.error("\"responses\" declares no status", at: pointer) }
        var result: [ResponseSpec] = []
        for member in object.members {
            let itemPointer = pointer.appending(member.key)
            guard let status = ResponseSpec.Status(member.key) else {
                log.error(
                    "response key \"\(member.key)\" is not a status code (100-599), a range such as \"2XX\", or \"default\"",
                    at: itemPointer)
                continue
            }
            if let response = response(status, member.value, at: itemPointer) { result.append(response) }
        }
        return result
    }

    private mutating func response(_ status: ResponseSpec.Status, _ value: JSONValue, at pointer: JSONPointer)
        -> ResponseSpec?
    {
        guard var reader = ObjectReader(value, as: ContractShape.response, at: pointer, log: &log) else {
            return nil
        }
        let description = reader.string("description", log: &log)
        var contentTypes = self.contentTypes(reader.value("contentType", log: &log), at: pointer)
        let headers = self.headers(reader.object("headers", log: &log), at: pointer.appending("headers"))
        let schemaPointer = self.schemaPointer(&reader)
        if schemaPointer != nil && contentTypes.isEmpty {
            contentTypes = ["application/json"]
        }
        let example = reader.value("example", log: &log)
        reader.reportUnknownKeys(log: &log)
        return ResponseSpec(
            status: status, description: description, contentTypes: contentTypes, headers: headers,
            schemaPointer: schemaPointer, example: example, pointer: pointer)
    }

    /// A response's `contentType`: one media type or a non-empty array of them.
    private mutating func contentTypes(_ value: JSONValue?, at pointer: JSONPointer) -> [String] {
        var contentTypes: [String] = []
        switch value {
        case .string(let type)?: contentTypes = [type]
        case .array(let types)?:
            contentTypes = types.compactMap(\.stringValue)
            if contentTypes.count != types.count || types.isEmpty {
                log.error(
                    "\"contentType\" must be a media type or a non-empty array of them",
                    at: pointer.appending("contentType"))
            }
        case nil: break
        case let other?:
            log.error(
                "\"contentType\" must be a media type or an array of them, found \(ObjectReader.describe(other))",
                at: pointer.appending("contentType"))
        }
        for type in contentTypes where !MediaType.isWellFormed(type) {
            log.error(
                "\"\(type)\" is not a media type such as \"application/json\"",
                at: pointer.appending("contentType"))
        }
        return contentTypes
    }

    private mutating func headers(_ group: JSONObject?, at pointer: JSONPointer) -> [HeaderSpec] {
        var headers: [HeaderSpec] = []
        for header in group?.members ?? [] {
            let headerPointer = pointer.appending(header.key)
            guard
                var reader = ObjectReader(
                    header.value, as: ContractShape.header, at: headerPointer, log: &log)
            else { continue }
            let required = reader.bool("required", log: &log) ?? true
            let schemaPointer = self.schemaPointer(&reader)
            _ = reader.string("description", log: &log)
            reader.reportUnknownKeys(log: &log)
            headers.append(
                HeaderSpec(
                    name: header.key, isRequired: required, schemaPointer: schemaPointer,
                    pointer: headerPointer))
        }
        return headers
    }
}
