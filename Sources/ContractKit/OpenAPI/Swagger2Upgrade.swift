import JSONSchema

/// Rewrites a Swagger 2.0 document into the OpenAPI 3.0 shape, so the 3.x converter (and its
/// mapping, warnings and tests) serves both versions.
///
/// `host`/`basePath`/`schemes` become `servers`; `definitions` become `components/schemas` (every
/// `#/definitions/X` reference is rewritten); `#/parameters/X` and `#/responses/X` references are
/// inlined; `body` and `formData` parameters become a `requestBody` with one media type per
/// `consumes` entry; response `schema` and `examples` become `content` per `produces` entry;
/// `x-nullable` becomes `nullable`; `collectionFormat` becomes `style`/`explode`. Where a part has no
/// equivalent, a warning points into the 2.0 document, and ``origins`` maps every converted part
/// back to it, so problems found later point into the file a person edits.
struct Swagger2Upgrade {
    /// The OpenAPI 3.0 document.
    private(set) var document = JSONObject()
    /// Warnings, their pointers into the Swagger 2.0 document (written while the document upgrades).
    var log = OpenAPIWarningLog()
    /// Pointers of the 3.0 document → pointers of the 2.0 document they come from.
    var origins: [JSONPointer: JSONPointer] = [:]

    private let source: JSONObject
    private let globalConsumes: [String]
    private let globalProduces: [String]

    private static let methods = ["get", "put", "post", "delete", "options", "head", "patch"]
    private static let parameterSchemaKeys = [
        "type", "format", "items", "enum", "default", "minimum", "maximum", "exclusiveMinimum",
        "exclusiveMaximum", "minLength", "maxLength", "pattern", "minItems", "maxItems", "uniqueItems",
        "multipleOf", "x-nullable",
    ]

    /// Whether `document` is a Swagger 2.0 document (a top-level `"swagger": "2.0"`).
    static func isSwagger2(_ document: JSONValue) -> Bool { document["swagger"] != nil }

    init(_ root: JSONObject) {
        source = root
        globalConsumes = Self.strings(root["consumes"]) ?? ["application/json"]
        globalProduces = Self.strings(root["produces"]) ?? ["application/json"]
    }

    /// Converts the whole document; throws when its `swagger` version is not 2.0.
    static func upgrade(_ root: JSONObject) throws(OpenAPIConversionError) -> Swagger2Upgrade {
        guard root["swagger"]?.stringValue == "2.0" else {
            throw OpenAPIConversionError(
                "unsupported Swagger version; Conform reads Swagger 2.0 and OpenAPI 3.0.x/3.1.x",
                at: JSONPointer(tokens: ["swagger"]))
        }
        var upgrade = Swagger2Upgrade(root)
        upgrade.run()
        return upgrade
    }

    private mutating func run() {
        document["openapi"] = .string("3.0.3")
        origins[JSONPointer(tokens: ["openapi"])] = JSONPointer(tokens: ["swagger"])
        for key in ["info", "tags", "externalDocs", "security"] {
            if let value = source[key] {
                document[key] = value
                origins[JSONPointer(tokens: [key])] = JSONPointer(tokens: [key])
            }
        }
        servers()
        var components = JSONObject()
        if case .object(let definitions)? = source["definitions"] {
            var schemas = JSONObject()
            for member in definitions.members {
                let from = JSONPointer(tokens: ["definitions", member.key])
                schemas[member.key] = schema(member.value, at: from)
                origins[JSONPointer(tokens: ["components", "schemas", member.key])] = from
            }
            components["schemas"] = .object(schemas)
        }
        if case .object(let definitions)? = source["securityDefinitions"] {
            components["securitySchemes"] = .object(securitySchemes(definitions))
            origins[JSONPointer(tokens: ["components", "securitySchemes"])] = JSONPointer(tokens: [
                "securityDefinitions"
            ])
        }
        if !components.isEmpty { document["components"] = .object(components) }
        var paths = JSONObject()
        if case .object(let items)? = source["paths"] {
            for item in items.members {
                let from = JSONPointer(tokens: ["paths", item.key])
                origins[from] = from
                guard case .object(let pathItem) = item.value else {
                    paths[item.key] = item.value
                    continue
                }
                paths[item.key] = .object(self.pathItem(pathItem, path: item.key, at: from))
            }
        }
        document["paths"] = .object(paths)
        for key in source.keys where key.hasPrefix("x-") { document[key] = source[key] }
    }

    // MARK: - Servers

    private mutating func servers() {
        guard let host = source["host"]?.stringValue else {
            if let basePath = source["basePath"]?.stringValue {
                document["servers"] = .array([.object(JSONObject([("url", .string(basePath))]))])
                origins[JSONPointer(tokens: ["servers", "0", "url"])] = JSONPointer(tokens: ["basePath"])
            }
            return
        }
        let schemes = Self.strings(source["schemes"]) ?? ["https"]
        let scheme = schemes.contains("https") ? "https" : (schemes.first ?? "https")
        let basePath = source["basePath"]?.stringValue ?? ""
        let url = "\(scheme)://\(host)\(basePath)"
        document["servers"] = .array([.object(JSONObject([("url", .string(url))]))])
        origins[JSONPointer(tokens: ["servers", "0", "url"])] = JSONPointer(tokens: ["host"])
        if schemes.count > 1 {
            log.warn(
                "\"schemes\" lists \(schemes.count) schemes; the base URL uses \(scheme)://",
                at: JSONPointer(tokens: ["schemes"]))
        }
    }

    // MARK: - Paths and operations

    private mutating func pathItem(_ item: JSONObject, path: String, at pointer: JSONPointer) -> JSONObject {
        var result = JSONObject()
        var shared: [(value: JSONObject, pointer: JSONPointer)] = []
        if case .array(let parameters)? = item["parameters"] {
            shared = resolvedParameters(parameters, at: pointer.appending("parameters"))
            let plain = shared.filter { !Self.isBodyLike($0.value) }
            if !plain.isEmpty {
                result["parameters"] = .array(
                    plain.enumerated().map { index, parameter in
                        .object(
                            self.parameter(
                                parameter.value, at: parameter.pointer,
                                as: pointer.appending("parameters").appending(index)))
                    })
            }
        }
        for member in item.members {
            let here = pointer.appending(member.key)
            if Self.methods.contains(member.key), case .object(let operation) = member.value {
                origins[here] = here
                result[member.key] = .object(self.operation(operation, shared: shared, at: here))
            } else if member.key.hasPrefix("x-") || member.key == "$ref" {
                result[member.key] = member.value
            }
        }
        return result
    }

    private mutating func operation(
        _ operation: JSONObject, shared: [(value: JSONObject, pointer: JSONPointer)], at pointer: JSONPointer
    ) -> JSONObject {
        var result = JSONObject()
        for key in [
            "tags", "summary", "description", "externalDocs", "operationId", "deprecated", "security",
        ] {
            if let value = operation[key] { result[key] = value }
        }
        if operation["schemes"] != nil {
            log.warn(
                "per-operation \"schemes\" are not mapped (the contract has one base URL)",
                at: pointer.appending("schemes"))
        }
        let consumes = Self.strings(operation["consumes"]) ?? globalConsumes
        let produces = Self.strings(operation["produces"]) ?? globalProduces
        var own: [(value: JSONObject, pointer: JSONPointer)] = []
        if case .array(let parameters)? = operation["parameters"] {
            own = resolvedParameters(parameters, at: pointer.appending("parameters"))
        }
        var plain: [JSONValue] = []
        for parameter in own where !Self.isBodyLike(parameter.value) {
            let target = pointer.appending("parameters").appending(plain.count)
            plain.append(.object(self.parameter(parameter.value, at: parameter.pointer, as: target)))
        }
        if !plain.isEmpty { result["parameters"] = .array(plain) }
        let overridden = Set(
            own.map { "\($0.value["in"]?.stringValue ?? "")|\($0.value["name"]?.stringValue ?? "")" })
        let inherited = shared.filter {
            !overridden.contains(
                "\($0.value["in"]?.stringValue ?? "")|\($0.value["name"]?.stringValue ?? "")")
        }
        let bodyLike = (inherited + own).filter { Self.isBodyLike($0.value) }
        if let body = requestBody(bodyLike, consumes: consumes, at: pointer.appending("requestBody")) {
            result["requestBody"] = .object(body)
        }
        if case .object(let responses)? = operation["responses"] {
            var converted = JSONObject()
            for response in responses.members {
                let here = pointer.appending("responses").appending(response.key)
                origins[here] = here
                if response.key.hasPrefix("x-") {
                    converted[response.key] = response.value
                    continue
                }
                guard let resolved = resolve(response.value, at: here),
                    case .object(let object) = resolved.value
                else { continue }
                converted[response.key] = .object(
                    self.response(object, produces: produces, from: resolved.pointer, as: here))
            }
            result["responses"] = .object(converted)
        }
        for member in operation.members where member.key.hasPrefix("x-") { result[member.key] = member.value }
        return result
    }

    /// `in: body` and `in: formData` parameters, which become the request body.
    private static func isBodyLike(_ parameter: JSONObject) -> Bool {
        let location = parameter["in"]?.stringValue
        return location == "body" || location == "formData"
    }

    private mutating func resolvedParameters(_ parameters: [JSONValue], at pointer: JSONPointer)
        -> [(value: JSONObject, pointer: JSONPointer)]
    {
        parameters.enumerated().compactMap { index, value in
            guard let resolved = resolve(value, at: pointer.appending(index)),
                case .object(let object) = resolved.value
            else { return nil }
            return (object, resolved.pointer)
        }
    }

    /// A same-document `$ref` followed (`#/parameters/limit`, `#/responses/NotFound`).
    private mutating func resolve(_ value: JSONValue, at pointer: JSONPointer) -> (
        value: JSONValue, pointer: JSONPointer
    )? {
        guard case .string(let reference)? = value["$ref"] else { return (value, pointer) }
        guard let target = OpenAPIReferences.localPointer(reference),
            let resolved = target.resolve(in: .object(source))
        else {
            log.warn(
                "$ref \"\(reference)\" points at nothing in this document; this part is skipped",
                at: pointer.appending("$ref"))
            return nil
        }
        return (resolved, target)
    }

    /// A query, path or header parameter: its type keywords move into `schema`.
    private mutating func parameter(_ parameter: JSONObject, at from: JSONPointer, as pointer: JSONPointer)
        -> JSONObject
    {
        origins[pointer] = from
        origins[pointer.appending("schema")] = from
        var result = JSONObject()
        for key in ["name", "in", "description", "required", "deprecated", "allowEmptyValue"] {
            if let value = parameter[key] { result[key] = value }
        }
        var schema = JSONObject()
        for key in Self.parameterSchemaKeys { if let value = parameter[key] { schema[key] = value } }
        if schema["type"]?.stringValue == "file" { schema["type"] = .string("string") }
        result["schema"] = self.schema(.object(schema), at: from)
        if let example = parameter["x-example"] { result["example"] = example }
        if schema["type"]?.stringValue == "array" {
            let format = parameter["collectionFormat"]?.stringValue ?? "csv"
            let location = parameter["in"]?.stringValue ?? ""
            switch (format, location) {
            case ("csv", "query"):
                result["style"] = .string("form")
                result["explode"] = .bool(false)
            case ("csv", _):
                break
            case ("multi", "query"):
                result["style"] = .string("form")
                result["explode"] = .bool(true)
            case ("ssv", "query"):
                result["style"] = .string("spaceDelimited")
                result["explode"] = .bool(false)
            case ("pipes", "query"):
                result["style"] = .string("pipeDelimited")
                result["explode"] = .bool(false)
            default:
                log.warn(
                    "collectionFormat \"\(format)\" has no OpenAPI 3 equivalent in the \(location); the value is sent and read comma-separated",
                    at: from.appending("collectionFormat"))
            }
        }
        return result
    }

    private mutating func requestBody(
        _ parameters: [(value: JSONObject, pointer: JSONPointer)], consumes: [String], at pointer: JSONPointer
    ) -> JSONObject? {
        if let body = parameters.first(where: { $0.value["in"]?.stringValue == "body" }) {
            origins[pointer] = body.pointer
            var result = JSONObject()
            if let description = body.value["description"] { result["description"] = description }
            result["required"] = .bool(body.value["required"]?.boolValue ?? false)
            let schema = self.schema(
                body.value["schema"] ?? .object(JSONObject()), at: body.pointer.appending("schema"))
            var content = JSONObject()
            for type in consumes.isEmpty ? ["application/json"] : consumes {
                var media = JSONObject([("schema", schema)])
                if let example = body.value["x-example"] { media["example"] = example }
                content[type] = .object(media)
                origins[pointer.appending("content").appending(type).appending("schema")] = body.pointer
                    .appending("schema")
            }
            result["content"] = .object(content)
            return result
        }
        let fields = parameters.filter { $0.value["in"]?.stringValue == "formData" }
        guard let first = fields.first else { return nil }
        origins[pointer] = first.pointer
        var properties = JSONObject()
        var required: [JSONValue] = []
        for field in fields {
            guard let name = field.value["name"]?.stringValue else { continue }
            var schema = JSONObject()
            for key in Self.parameterSchemaKeys { if let value = field.value[key] { schema[key] = value } }
            if schema["type"]?.stringValue == "file" {
                schema["type"] = .string("string")
                schema["format"] = .string("binary")
            }
            if let description = field.value["description"] { schema["description"] = description }
            properties[name] = self.schema(.object(schema), at: field.pointer)
            if field.value["required"]?.boolValue == true { required.append(.string(name)) }
        }
        var schema = JSONObject([("type", .string("object")), ("properties", .object(properties))])
        if !required.isEmpty { schema["required"] = .array(required) }
        let formTypes = consumes.filter {
            $0.hasPrefix("multipart/form-data") || $0.hasPrefix("application/x-www-form-urlencoded")
        }
        var content = JSONObject()
        for type in formTypes.isEmpty ? ["application/x-www-form-urlencoded"] : formTypes {
            content[type] = .object(JSONObject([("schema", .object(schema))]))
        }
        return JSONObject([
            ("required", .bool(!required.isEmpty)), ("content", .object(content)),
        ])
    }

    private mutating func response(
        _ response: JSONObject, produces: [String], from: JSONPointer, as pointer: JSONPointer
    ) -> JSONObject {
        var result = JSONObject()
        result["description"] = response["description"] ?? .string("")
        if case .object(let headers)? = response["headers"] {
            var converted = JSONObject()
            for header in headers.members {
                guard case .object(let object) = header.value else { continue }
                let here = from.appending("headers").appending(header.key)
                var schema = JSONObject()
                for key in Self.parameterSchemaKeys { if let value = object[key] { schema[key] = value } }
                var entry = JSONObject([("schema", self.schema(.object(schema), at: here))])
                if let description = object["description"] { entry["description"] = description }
                converted[header.key] = .object(entry)
                origins[pointer.appending("headers").appending(header.key)] = here
                origins[pointer.appending("headers").appending(header.key).appending("schema")] = here
            }
            result["headers"] = .object(converted)
        }
        let examples = response["examples"]?.objectValue ?? JSONObject()
        let schemaValue = response["schema"].map { self.schema($0, at: from.appending("schema")) }
        var types = produces
        for type in examples.keys where !types.contains(type) { types.append(type) }
        if schemaValue != nil || !examples.isEmpty {
            var content = JSONObject()
            for type in types.isEmpty ? ["application/json"] : types {
                var media = JSONObject()
                if let schemaValue { media["schema"] = schemaValue }
                if let example = examples[type] { media["example"] = example }
                guard !media.isEmpty else { continue }
                content[type] = .object(media)
                let here = pointer.appending("content").appending(type)
                origins[here.appending("schema")] = from.appending("schema")
                origins[here.appending("example")] = from.appending("examples").appending(type)
            }
            if !content.isEmpty { result["content"] = .object(content) }
        } else if !produces.isEmpty {  // `produces` names the media type of a schema-less response too
            result["content"] = .object(JSONObject(produces.map { ($0, JSONValue.object(JSONObject())) }))
        }
        for member in response.members where member.key.hasPrefix("x-") { result[member.key] = member.value }
        return result
    }

    static func strings(_ value: JSONValue?) -> [String]? {
        guard case .array(let elements)? = value else { return nil }
        return elements.compactMap(\.stringValue)
    }

    /// Where a place in the 3.0 document comes from in the 2.0 document: the origin of its longest
    /// recorded prefix, followed by the rest when that still names something there.
    func swaggerPointer(for pointer: JSONPointer) -> JSONPointer {
        var tokens = pointer.tokens
        var rest: [String] = []
        while true {
            if let origin = origins[JSONPointer(tokens: tokens)] {
                let extended = JSONPointer(tokens: origin.tokens + rest)
                return extended.resolve(in: .object(source)) != nil ? extended : origin
            }
            guard let last = tokens.popLast() else { return .root }
            rest.insert(last, at: 0)
        }
    }
}
