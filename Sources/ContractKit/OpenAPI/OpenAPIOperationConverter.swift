import JSONSchema

/// Converts one OpenAPI operation (with the parameters of its path item) into a contract endpoint:
/// id, method, path, summary, tags, parameters, request and responses.
struct OpenAPIOperationConverter {
    let references: OpenAPIReferences
    let schemas: OpenAPISchemaConverter
    /// Header parameters left out (lower-cased), by the description's own version's rules.
    var ignoredHeaders: Set<String> = Self.openAPI3IgnoredHeaders

    /// OpenAPI 3 says to ignore these header parameters: HTTP (`Accept`, `Content-Type`) and
    /// security schemes (`Authorization`) define them.
    static let openAPI3IgnoredHeaders: Set<String> = ["accept", "content-type", "authorization"]
    /// Swagger 2.0 has no such rule: `Authorization` is a parameter like any other there (httpbin's
    /// `/bearer` declares it). `produces` and `consumes` already give the media types, so `Accept`
    /// and `Content-Type` parameters are still left to them.
    static let swagger2IgnoredHeaders: Set<String> = ["accept", "content-type"]
    private static let defaultStyles = ["path": "simple", "query": "form", "header": "simple"]

    struct Source {
        var id: String
        var method: String
        var path: String
        var operation: JSONObject
        var pointer: JSONPointer
        /// The path item's `parameters`, which operations inherit.
        var pathParameters: JSONValue?
        var pathItemPointer: JSONPointer
    }

    func convert(_ source: Source, log: inout OpenAPIWarningLog) -> OpenAPIOperation {
        let operation = source.operation
        let pointer = source.pointer
        var endpoint = JSONObject()
        var origins: [JSONPointer: JSONPointer] = [.root: pointer]
        endpoint["id"] = .string(source.id)
        endpoint["method"] = .string(source.method.uppercased())
        endpoint["path"] = .string(source.path)
        for key in ["summary", "description"] {
            if case .string(let text)? = operation[key] { endpoint[key] = .string(text) }
        }
        if case .array(let tags)? = operation["tags"] {
            endpoint["tags"] = .array(tags.filter { $0.stringValue != nil })
        }
        for key in ["callbacks", "servers"] where operation[key] != nil {
            log.warn(Self.unmappedMessage(key), at: pointer.appending(key))
        }
        let (parameterObject, parameters) = self.parameters(source, origins: &origins, log: &log)
        if !parameterObject.isEmpty { endpoint["parameters"] = .object(parameterObject) }
        var body: OpenAPIOperation.Body?
        if let value = operation["requestBody"],
            let target = references.resolve(value, at: pointer.appending("requestBody"), log: &log),
            let request = requestBody(target, origins: &origins, log: &log)
        {
            endpoint["request"] = .object(request.object)
            body = request.body
        }
        let responses = OpenAPIResponseConverter(references: references, schemas: schemas)
            .convert(operation["responses"], at: pointer.appending("responses"), log: &log)
        endpoint["responses"] = .object(responses.object)
        for (relative, origin) in responses.origins {
            origins[JSONPointer(tokens: ["responses"] + relative.tokens)] = origin
        }
        return OpenAPIOperation(
            id: source.id, operationID: operation["operationId"]?.stringValue, pointer: pointer,
            endpoint: endpoint, parameters: parameters, body: body, expectedStatus: responses.expectedStatus,
            replayedResponse: responses.replayedKey, links: responses.links, origins: origins)
    }

    /// An example value of the description as Conform sends it: `{{…}}` in it is text for the API
    /// (a template the server fills, such as `{{current_date}}`), not a Conform variable, since only
    /// contracts have variables; it is escaped so it is sent as written, with a warning that says so.
    static func literally(_ value: JSONValue, at pointer: JSONPointer, log: inout OpenAPIWarningLog)
        -> JSONValue
    {
        let escaped = Template.escaped(value)
        if escaped != value {
            log.warn(
                "this example contains \"{{\", which is sent literally: only Conform contracts have {{variables}}",
                at: pointer)
        }
        return escaped
    }

    static func unmappedMessage(_ key: String) -> String {
        switch key {
        case "security": return "\"security\" requirements are not mapped; pass credentials with --header"
        case "callbacks": return "callbacks are not mapped (Conform replays requests it sends itself)"
        case "servers":
            return
                "per-path and per-operation \"servers\" are not mapped; the first root server is the base URL"
        default: return "\"\(key)\" is not mapped"
        }
    }

    // MARK: - Parameters

    private func parameters(
        _ source: Source, origins: inout [JSONPointer: JSONPointer], log: inout OpenAPIWarningLog
    ) -> (JSONObject, [OpenAPIOperation.Parameter]) {
        var declared: [(key: String, target: OpenAPIReferences.Target)] = []
        let lists = [
            (source.pathParameters, source.pathItemPointer.appending("parameters")),
            (source.operation["parameters"], source.pointer.appending("parameters")),
        ]
        for (list, listPointer) in lists {
            guard case .array(let items)? = list else { continue }
            for (index, item) in items.enumerated() {
                guard let target = references.resolve(item, at: listPointer.appending(index), log: &log),
                    let name = target.value["name"]?.stringValue,
                    let location = target.value["in"]?.stringValue
                else { continue }
                let key = location + " " + name
                if let existing = declared.firstIndex(where: { $0.key == key }) {
                    declared[existing].target = target
                } else {
                    declared.append((key, target))
                }
            }
        }
        declarePlaceholders(of: source, in: &declared, log: &log)
        var groups: [String: JSONObject] = [:]
        var result: [OpenAPIOperation.Parameter] = []
        for (_, target) in declared {
            guard let converted = parameter(target, log: &log) else { continue }
            let relative = JSONPointer(tokens: [
                "parameters", converted.parameter.location, converted.parameter.name,
            ])
            origins[relative] = target.pointer
            if let schemaOrigin = converted.schemaOrigin {
                origins[relative.appending("schema")] = schemaOrigin
            }
            groups[converted.parameter.location, default: JSONObject()][converted.parameter.name] =
                .object(converted.object)
            result.append(converted.parameter)
        }
        var object = JSONObject()
        for location in ["path", "query", "header"] {
            if let group = groups[location] { object[location] = .object(group) }
        }
        return (object, result)
    }

    /// Reads each path placeholder the operation does not declare the way its author meant: a
    /// parameter of that name declared `in: query` (or in a header) is the path parameter, else the
    /// placeholder is a required string path parameter. Each is a warning (an error with `--strict`).
    private func declarePlaceholders(
        of source: Source, in declared: inout [(key: String, target: OpenAPIReferences.Target)],
        log: inout OpenAPIWarningLog
    ) {
        guard let template = PathTemplate(source.path) else { return }
        for name in template.parameterNames where !declared.contains(where: { $0.key == "path " + name }) {
            if let index = declared.firstIndex(where: {
                $0.key == "query " + name || $0.key == "header " + name
            }),
                case .object(var object) = declared[index].target.value
            {
                let location = object["in"]?.stringValue ?? ""
                object["in"] = .string("path")
                object["required"] = .bool(true)
                log.slip(
                    "parameter \"\(name)\" is declared \"in\": \"\(location)\", but the path has the placeholder {\(name)}; it is read as the path parameter",
                    at: declared[index].target.pointer.appending("in"))
                declared[index] = (
                    "path " + name, .init(value: .object(object), pointer: declared[index].target.pointer)
                )
                continue
            }
            log.slip(
                "path placeholder {\(name)} is not declared in \"parameters\"; it is read as a required string path parameter",
                at: source.pathItemPointer)
            let parameter = JSONObject([
                ("name", .string(name)), ("in", .string("path")), ("required", .bool(true)),
                ("schema", .object(JSONObject([("type", .string("string"))]))),
            ])
            declared.append(
                ("path " + name, .init(value: .object(parameter), pointer: source.pathItemPointer)))
        }
    }

    private func parameter(_ target: OpenAPIReferences.Target, log: inout OpenAPIWarningLog)
        -> (object: JSONObject, parameter: OpenAPIOperation.Parameter, schemaOrigin: JSONPointer?)?
    {
        let value = target.value
        let pointer = target.pointer
        guard let name = value["name"]?.stringValue, let location = value["in"]?.stringValue else {
            return nil
        }
        guard let style = defaultStyle(of: name, in: location, value, at: pointer, log: &log) else {
            return nil
        }
        var object = JSONObject()
        let isRequired = location == "path" ? true : (value["required"]?.boolValue ?? false)
        object["required"] = .bool(isRequired)
        serialization(of: value, defaultStyle: style, at: pointer, into: &object, log: &log)
        var schemaOrigin: JSONPointer?
        var originalSchema: JSONValue?
        if let schema = value["schema"] {
            schemaOrigin = pointer.appending("schema")
            originalSchema = schema
        } else if case .object(let content)? = value["content"], let first = content.members.first {
            schemaOrigin = pointer.appending("content").appending(first.key).appending("schema")
            originalSchema = first.value["schema"]
            log.warn(
                "parameter \"\(name)\" is described by \"content\" (\(first.key)); its schema is checked against the raw text",
                at: pointer.appending("content"))
        }
        if let originalSchema, let schemaOrigin {
            object["schema"] = schemas.convert(originalSchema, at: schemaOrigin, log: &log)
        }
        if case .string(let text)? = value["description"] { object["description"] = .string(text) }
        var example = value["example"]
        if example == nil {
            example =
                references.firstExample(in: value["examples"], at: pointer.appending("examples"), log: &log)?
                .value
        }
        let parameter = OpenAPIOperation.Parameter(
            name: name, location: location, isRequired: isRequired,
            example: example.map {
                Self.literally(
                    $0, at: pointer.appending(value["example"] == nil ? "examples" : "example"), log: &log)
            },
            schemaValue: originalSchema.flatMap(schemaValue).map {
                Self.literally($0, at: pointer, log: &log)
            })
        return (object, parameter, schemaOrigin)
    }

    /// The default style of a parameter's location; nil, with a warning, for a parameter the
    /// contract does not map (a cookie, an unknown location, a header OpenAPI says to ignore).
    private func defaultStyle(
        of name: String, in location: String, _ value: JSONValue, at pointer: JSONPointer,
        log: inout OpenAPIWarningLog
    ) -> String? {
        guard location != "cookie" else {
            log.warn(
                "cookie parameter \"\(name)\" is not mapped (contracts declare path, query and header parameters)",
                at: pointer)
            return nil
        }
        guard let style = Self.defaultStyles[location] else {
            log.warn(
                "parameter \"\(name)\" has an unknown location \"\(location)\"; it is skipped",
                at: pointer.appending("in"))
            return nil
        }
        if location == "header", ignoredHeaders.contains(name.lowercased()) {
            let rule =
                ignoredHeaders == Self.openAPI3IgnoredHeaders
                ? "as OpenAPI 3 specifies" : "as \"produces\" and \"consumes\" give the media types"
            log.warn("header parameter \"\(name)\" is ignored, \(rule)", at: pointer)
            return nil
        }
        if location == "path", value["required"] != .bool(true) {
            log.warn(
                "path parameter \"\(name)\" does not say \"required\": true, which OpenAPI requires of every path parameter; it is read as required",
                at: pointer)
        }
        return style
    }

    /// The parameter's `style`, `explode` and `allowReserved`, written where they differ from the
    /// contract's defaults (the location's style, explode false). OpenAPI's own default explode is
    /// true for `form`, so a plain query array (`?tag=a&tag=b`) is written `"explode": true`.
    private func serialization(
        of value: JSONValue, defaultStyle: String, at pointer: JSONPointer, into object: inout JSONObject,
        log: inout OpenAPIWarningLog
    ) {
        var style = defaultStyle
        if let given = value["style"]?.stringValue {
            let location = Parameter.Location(rawValue: value["in"]?.stringValue ?? "") ?? .query
            if let known = ParameterStyle(rawValue: given),
                ParameterStyle.allowed(in: location).contains(known)
            {
                style = given
            } else {
                log.warn(
                    "parameter style \"\(given)\" is not one a \(location.rawValue) parameter may have; the value is written \(defaultStyle)-style",
                    at: pointer.appending("style"))
            }
        }
        if style != defaultStyle { object["style"] = .string(style) }
        if value["explode"]?.boolValue ?? (style == "form") { object["explode"] = .bool(true) }
        if value["allowReserved"]?.boolValue == true { object["allowReserved"] = .bool(true) }
    }

    /// A value the schema suggests: an example, the default, or the first enum value.
    private func schemaValue(_ schema: JSONValue) -> JSONValue? {
        var scratch = OpenAPIWarningLog()
        guard let target = references.resolve(schema, at: .root, log: &scratch) else { return nil }
        if let example = target.value["example"] { return example }
        if case .array(let examples)? = target.value["examples"], let first = examples.first { return first }
        if let value = target.value["default"] { return value }
        if case .array(let values)? = target.value["enum"], let first = values.first { return first }
        return nil
    }

    // MARK: - Request body

    private func requestBody(
        _ target: OpenAPIReferences.Target, origins: inout [JSONPointer: JSONPointer],
        log: inout OpenAPIWarningLog
    ) -> (object: JSONObject, body: OpenAPIOperation.Body)? {
        let pointer = target.pointer
        guard case .object(let content)? = target.value["content"], !content.isEmpty else { return nil }
        let chosen = content.members.first { MediaType.isJSON($0.key) } ?? content.members[0]
        let mediaPointer = pointer.appending("content").appending(chosen.key)
        var object = JSONObject()
        origins[JSONPointer(tokens: ["request"])] = pointer
        object["contentType"] = .string(chosen.key)
        var example: (name: String?, value: JSONValue)?
        if MediaType.isJSON(chosen.key) {
            if let schema = chosen.value["schema"] {
                object["schema"] = schemas.convert(schema, at: mediaPointer.appending("schema"), log: &log)
                origins[JSONPointer(tokens: ["request", "schema"])] = mediaPointer.appending("schema")
            }
            if let value = chosen.value["example"] {
                example = (nil, value)
            } else if let first = references.firstExample(
                in: chosen.value["examples"], at: mediaPointer.appending("examples"), log: &log)
            {
                example = (first.name, first.value)
            }
        } else if ["application/x-www-form-urlencoded", "multipart/form-data"].contains(
            MediaType.essence(chosen.key)),
            let schema = chosen.value["schema"]
        {  // the mock reads form fields as an object and checks them against this schema
            object["schema"] = schemas.convert(schema, at: mediaPointer.appending("schema"), log: &log)
            origins[JSONPointer(tokens: ["request", "schema"])] = mediaPointer.appending("schema")
            log.warn(
                "request body \"\(chosen.key)\" is not JSON: a form's fields are checked against its schema when received (by the mock), but run and fuzz do not send such a body, so the operation's body is not tested",
                at: mediaPointer)
        } else {
            log.warn(
                "request body \"\(chosen.key)\" is not JSON: only its content type is checked, not its schema or encoding",
                at: mediaPointer)
        }
        if chosen.value["encoding"] != nil {
            log.warn(
                "\"encoding\" (multipart and form encodings) is not mapped",
                at: mediaPointer.appending("encoding"))
        }
        let others = otherContentTypes(in: content, besides: chosen.key, at: pointer, log: &log)
        if !others.isEmpty { object["x-otherContentTypes"] = .object(others) }
        let isRequired = target.value["required"]?.boolValue ?? false
        object["required"] = .bool(isRequired)
        if case .string(let text)? = target.value["description"] { object["description"] = .string(text) }
        let body = OpenAPIOperation.Body(
            isRequired: isRequired,
            example: example.map {
                let place = $0.name.map { mediaPointer.appending("examples").appending($0) }
                return Self.literally($0.value, at: place ?? mediaPointer.appending("example"), log: &log)
            },
            exampleName: example?.name)
        return (object, body)
    }

    /// The request media types besides the one mapped, each with its schema: the mock accepts them
    /// too, checked as far as it can.
    private func otherContentTypes(
        in content: JSONObject, besides chosen: String, at pointer: JSONPointer, log: inout OpenAPIWarningLog
    ) -> JSONObject {
        var others = JSONObject()
        for other in content.members where other.key != chosen {
            log.warn(
                "only one request media type is mapped (\(chosen)); \"\(other.key)\" is not",
                at: pointer.appending("content").appending(other.key))
            let here = pointer.appending("content").appending(other.key).appending("schema")
            var scratch = OpenAPIWarningLog()
            others[other.key] = .object(
                JSONObject(
                    other.value["schema"].map { [("schema", schemas.convert($0, at: here, log: &scratch))] }
                        ?? []))
        }
        return others
    }
}
