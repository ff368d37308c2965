import JSONSchema

/// Converts the `responses` of an operation: statuses (codes, `2XX` ranges, `default`), media
/// types, the JSON schema and example, headers, and the links a replay example can follow.
struct OpenAPIResponseConverter {
    let references: OpenAPIReferences
    let schemas: OpenAPISchemaConverter

    struct Result {
        var object = JSONObject()
        var expectedStatus: Int?
        var replayedKey: String?
        var links: [OpenAPIOperation.Link] = []
        /// OpenAPI pointers keyed by contract pointers relative to `responses`.
        var origins: [JSONPointer: JSONPointer] = [:]
    }

    func convert(_ value: JSONValue?, at pointer: JSONPointer, log: inout OpenAPIWarningLog) -> Result {
        var result = Result()
        if case .object(let responses)? = value {
            for member in responses.members where !member.key.hasPrefix("x-") {
                let here = pointer.appending(member.key)
                guard ResponseSpec.Status(member.key) != nil else {
                    log.warn(
                        "response key \"\(member.key)\" is not a status, a range or \"default\"; it is skipped",
                        at: here)
                    continue
                }
                guard let target = references.resolve(member.value, at: here, log: &log) else { continue }
                let statusKey = member.key == "default" ? "default" : member.key.uppercased()
                result.object[statusKey] = .object(response(target, key: statusKey, into: &result, log: &log))
                result.origins[JSONPointer(tokens: [statusKey])] = target.pointer
            }
        }
        if result.object.isEmpty {
            log.warn(
                "the operation declares no response; it is mapped with a \"default\" response without a body",
                at: pointer)
            result.object["default"] = .object(JSONObject([("description", .string("any response"))]))
        }
        let statuses = result.object.keys.compactMap { key in ResponseSpec.Status(key).map { (key, $0) } }
        let codes = statuses.compactMap { entry -> (String, Int)? in
            if case .code(let code) = entry.1, (200..<300).contains(code) { return (entry.0, code) }
            return nil
        }
        if let lowest = codes.min(by: { $0.1 < $1.1 }) {
            result.expectedStatus = lowest.1
            result.replayedKey = lowest.0
        } else {
            result.replayedKey =
                statuses.first { $0.1 == .range(2) }?.0 ?? statuses.first { $0.1 == .default }?.0
        }
        return result
    }

    private func response(
        _ target: OpenAPIReferences.Target, key: String, into result: inout Result,
        log: inout OpenAPIWarningLog
    ) -> JSONObject {
        var object = JSONObject()
        let pointer = target.pointer
        let relative = JSONPointer(tokens: [key])
        if case .string(let text)? = target.value["description"] { object["description"] = .string(text) }
        if case .object(let content)? = target.value["content"], !content.isEmpty {
            let types = content.keys
            object["contentType"] = types.count == 1 ? .string(types[0]) : .array(types.map(JSONValue.string))
            readJSON(of: content, at: pointer, relative: relative, into: &object, result: &result, log: &log)
        }
        if case .object(let headers)? = target.value["headers"] {
            let converted = self.headers(headers, at: pointer, relative: relative, result: &result, log: &log)
            if !converted.isEmpty { object["headers"] = .object(converted) }
        }
        if case .object(let links)? = target.value["links"] {
            for link in links.members {
                let linkPointer = pointer.appending("links").appending(link.key)
                guard let resolved = references.resolve(link.value, at: linkPointer, log: &log),
                    case .object(let linkObject) = resolved.value
                else { continue }
                result.links.append(
                    OpenAPIOperation.Link(
                        name: link.key, responseKey: key, object: linkObject, pointer: linkPointer))
            }
        }
        let order = ["description", "contentType", "headers", "schema", "example"]
        return JSONObject(order.compactMap { key in object[key].map { (key, $0) } })
    }

    /// The schema and example of a response's JSON media type (the first with a schema, else the
    /// first JSON one); another JSON type with a different schema is a warning.
    private func readJSON(
        of content: JSONObject, at pointer: JSONPointer, relative: JSONPointer, into object: inout JSONObject,
        result: inout Result, log: inout OpenAPIWarningLog
    ) {
        guard
            let json = content.members.first(where: { MediaType.isJSON($0.key) && $0.value["schema"] != nil })
                ?? content.members.first(where: { MediaType.isJSON($0.key) })
        else { return }
        let mediaPointer = pointer.appending("content").appending(json.key)
        for other in content.members
        where other.key != json.key && MediaType.isJSON(other.key) && other.value["schema"] != nil
            && other.value["schema"] != json.value["schema"]
        {
            log.warn(
                "only the schema of \(json.key) is checked; \(other.key) declares another one, which is not",
                at: pointer.appending("content").appending(other.key).appending("schema"))
        }
        if let schema = json.value["schema"] {
            object["schema"] = schemas.convert(schema, at: mediaPointer.appending("schema"), log: &log)
            result.origins[relative.appending("schema")] = mediaPointer.appending("schema")
        }
        if let example = json.value["example"] {
            object["example"] = OpenAPIOperationConverter.literally(
                example, at: mediaPointer.appending("example"), log: &log)
            result.origins[relative.appending("example")] = mediaPointer.appending("example")
        } else if let first = references.firstExample(
            in: json.value["examples"], at: mediaPointer.appending("examples"), log: &log)
        {
            object["example"] = OpenAPIOperationConverter.literally(
                first.value, at: mediaPointer.appending("examples").appending(first.name), log: &log)
            result.origins[relative.appending("example")] = mediaPointer.appending("examples").appending(
                first.name)
        }
    }

    /// A response's headers, each resolved and converted; `Content-Type` is ignored, as OpenAPI says.
    private func headers(
        _ headers: JSONObject, at pointer: JSONPointer, relative: JSONPointer, result: inout Result,
        log: inout OpenAPIWarningLog
    ) -> JSONObject {
        var converted = JSONObject()
        for header in headers.members {
            let headerPointer = pointer.appending("headers").appending(header.key)
            if header.key.lowercased() == "content-type" {
                log.warn(
                    "a \"Content-Type\" response header is ignored, as OpenAPI specifies; \"content\" gives the types",
                    at: headerPointer)
                continue
            }
            guard let resolved = references.resolve(header.value, at: headerPointer, log: &log) else {
                continue
            }
            converted[header.key] = .object(self.header(resolved, log: &log))
            let headerRelative = relative.appending("headers").appending(header.key)
            result.origins[headerRelative] = resolved.pointer
            result.origins[headerRelative.appending("schema")] = resolved.pointer.appending("schema")
        }
        return converted
    }

    private func header(_ target: OpenAPIReferences.Target, log: inout OpenAPIWarningLog) -> JSONObject {
        var object = JSONObject()
        object["required"] = .bool(target.value["required"]?.boolValue ?? false)
        if let schema = target.value["schema"] {
            object["schema"] = schemas.convert(schema, at: target.pointer.appending("schema"), log: &log)
        } else if case .object(let content)? = target.value["content"], let first = content.members.first,
            let schema = first.value["schema"]
        {
            let schemaPointer = target.pointer.appending("content").appending(first.key).appending("schema")
            object["schema"] = schemas.convert(schema, at: schemaPointer, log: &log)
            log.warn(
                "header described by \"content\" (\(first.key)); its schema is checked against the raw text",
                at: target.pointer.appending("content"))
        }
        if case .string(let text)? = target.value["description"] { object["description"] = .string(text) }
        return object
    }
}
