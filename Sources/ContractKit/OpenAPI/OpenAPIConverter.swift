import Foundation
public import JSONSchema

/// Converts an OpenAPI 3.0.x or 3.1.x document (JSON) into a Conform contract document, so every
/// command that takes a contract also takes the OpenAPI description a team already maintains.
///
/// The mapping is documented in `docs/openapi.md`. What has no contract equivalent (callbacks,
/// webhooks, XML, form encodings, cookie parameters, external references) is reported
/// as an ``OpenAPIWarning`` with its pointer, never dropped silently.
public struct OpenAPIConverter: Sendable {
    /// The OpenAPI document.
    public let document: JSONValue

    private static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// Whether `document` is the OpenAPI 3.0 rewrite of a Swagger 2.0 document, read by 2.0's rules
    /// where they differ (an `Authorization` header parameter is a parameter there).
    var isUpgradedSwagger2 = false

    public init(document: JSONValue) { self.document = document }

    /// Whether `document` is an OpenAPI document: an object with a top-level `openapi` key, or a
    /// Swagger 2.0 one (`swagger`).
    public static func isOpenAPI(_ document: JSONValue) -> Bool {
        document["openapi"] != nil || Swagger2Upgrade.isSwagger2(document)
    }

    /// The contract document and the warnings; throws only when the document is not Swagger 2.0 or
    /// OpenAPI 3.0/3.1.
    ///
    /// A Swagger 2.0 document is first rewritten into the OpenAPI 3.0 shape (``Swagger2Upgrade``);
    /// the warnings and origins of the result then point into the 2.0 document.
    public func convert() throws(OpenAPIConversionError) -> OpenAPIConversion {
        guard case .object(let root) = document else {
            throw OpenAPIConversionError("an OpenAPI document must be a JSON object", at: .root)
        }
        if root["openapi"] == nil, Swagger2Upgrade.isSwagger2(document) { return try convertSwagger2(root) }
        let dialect = try Self.dialect(of: root)
        var log = OpenAPIWarningLog()
        var origins: [JSONPointer: JSONPointer] = [:]
        var contract = described(root, dialect: dialect, log: &log, origins: &origins)
        reportUnmapped(root, log: &log)
        let references = OpenAPIReferences(document: document)
        let schemaConverter = OpenAPISchemaConverter(document: document, dialect: dialect)
        if case .object(let named)? = root["components"]?["schemas"], !named.isEmpty {
            var schemas = JSONObject()
            for member in named.members {
                let pointer = JSONPointer(tokens: ["components", "schemas", member.key])
                schemas[member.key] = schemaConverter.convert(member.value, at: pointer, log: &log)
                origins[JSONPointer(tokens: ["schemas", member.key])] = pointer
            }
            contract["schemas"] = .object(schemas)
        }
        let operations = self.operations(
            root,
            converter: OpenAPIOperationConverter(
                references: references, schemas: schemaConverter,
                ignoredHeaders: isUpgradedSwagger2
                    ? OpenAPIOperationConverter.swagger2IgnoredHeaders
                    : OpenAPIOperationConverter.openAPI3IgnoredHeaders),
            log: &log)
        let examples = OpenAPIExampleBuilder(operations: operations).build(log: &log)
        var endpoints: [JSONValue] = []
        for (index, operation) in operations.enumerated() {
            var endpoint = operation.endpoint
            if !examples[index].isEmpty { endpoint["examples"] = .array(examples[index]) }
            endpoints.append(.object(endpoint))
            let prefix = ["endpoints", String(index)]
            for (relative, origin) in operation.origins {
                origins[JSONPointer(tokens: prefix + relative.tokens)] = origin
            }
        }
        contract["endpoints"] = .array(endpoints)
        OpenAPISecurityConverter(root: root).apply(to: &contract, operations: operations, log: &log)
        for (variant, source) in OpenAPIAccessModes.apply(to: &contract) {
            origins[JSONPointer(tokens: ["schemas", variant])] = JSONPointer(tokens: [
                "components", "schemas", source,
            ])
        }
        var conversion = OpenAPIConversion(
            contract: .object(contract), warnings: log.warnings, origins: origins)
        conversion.serverURL = Self.firstServerURL(root)
        return conversion
    }

    /// A Swagger 2.0 document rewritten into the OpenAPI 3.0 shape and converted, its warnings
    /// and errors pointing into the 2.0 document.
    private func convertSwagger2(_ root: JSONObject) throws(OpenAPIConversionError) -> OpenAPIConversion {
        let upgrade = try Swagger2Upgrade.upgrade(root)
        let upgraded = JSONValue.object(upgrade.document)
        var conversion: OpenAPIConversion
        do {
            var converter = OpenAPIConverter(document: upgraded)
            converter.isUpgradedSwagger2 = true
            conversion = try converter.convert()
        } catch {
            throw OpenAPIConversionError(error.message, at: upgrade.swaggerPointer(for: error.pointer))
        }
        let converted = conversion.warnings.map {
            OpenAPIWarning($0.message, at: upgrade.swaggerPointer(for: $0.pointer), isSlip: $0.isSlip)
        }
        conversion.warnings = upgrade.log.warnings + Swagger2Checks(root: root).warnings() + converted
        conversion.upgrade = upgrade
        return conversion
    }

    /// The contract's description of itself: the format version, name, version and description
    /// from `info`, the first server's URL, and format assertions on.
    private func described(
        _ root: JSONObject, dialect: OpenAPISchemaConverter.Dialect, log: inout OpenAPIWarningLog,
        origins: inout [JSONPointer: JSONPointer]
    ) -> JSONObject {
        var contract = JSONObject()
        contract["conform"] = .number(JSONNumber(1))
        let info = root["info"]?.objectValue ?? JSONObject()
        if root["info"]?.objectValue == nil {
            log.warn("\"info\" is missing; the contract is named \"OpenAPI document\"", at: .root)
        }
        contract["name"] = .string(info["title"]?.stringValue ?? "OpenAPI document")
        contract["version"] = .string(
            info["version"]?.stringValue ?? info["version"]?.numberValue?.description ?? "0.0.0")
        origins[JSONPointer(tokens: ["name"])] = JSONPointer(tokens: ["info", "title"])
        origins[JSONPointer(tokens: ["version"])] = JSONPointer(tokens: ["info", "version"])
        if case .string(let text)? = info["description"] {
            contract["description"] = .string(text)
            origins[JSONPointer(tokens: ["description"])] = JSONPointer(tokens: ["info", "description"])
        }
        // OpenAPI users expect `format` (date-time, uuid, email, …) to be checked in responses.
        contract["assertFormats"] = .bool(true)
        if let baseURL = baseURL(root, log: &log) {
            contract["baseURL"] = .string(baseURL)
            origins[JSONPointer(tokens: ["baseURL"])] = JSONPointer(tokens: ["servers", "0", "url"])
        }
        if dialect == .openAPI31, case .string(let schemaDialect)? = root["jsonSchemaDialect"],
            schemaDialect != "https://json-schema.org/draft/2020-12/schema"
        {
            log.warn(
                "\"jsonSchemaDialect\" \(schemaDialect) is not supported; schemas are read as JSON Schema 2020-12",
                at: JSONPointer(tokens: ["jsonSchemaDialect"]))
        }
        return contract
    }

    private static func dialect(of root: JSONObject) throws(OpenAPIConversionError)
        -> OpenAPISchemaConverter.Dialect
    {
        let pointer = JSONPointer(tokens: ["openapi"])
        guard case .string(let version)? = root["openapi"] else {
            throw OpenAPIConversionError(
                "\"openapi\" must be a version string such as \"3.1.0\"", at: pointer)
        }
        if version == "3.0" || version.hasPrefix("3.0.") { return .openAPI30 }
        if version == "3.1" || version.hasPrefix("3.1.") { return .openAPI31 }
        throw OpenAPIConversionError(
            "unsupported OpenAPI version \"\(version)\"; Conform reads OpenAPI 3.0.x and 3.1.x", at: pointer)
    }

    /// The first server's URL as written, its variables at their defaults: absolute or relative
    /// (`/v1`), which a description fetched from a URL resolves against that URL.
    static func firstServerURL(_ root: JSONObject) -> String? {
        guard case .array(let servers)? = root["servers"], let first = servers.first,
            case .string(var url) = first["url"]
        else { return nil }
        if case .object(let variables)? = first["variables"] {
            for variable in variables.members {
                if case .string(let value)? = variable.value["default"] {
                    url = url.replacingOccurrences(of: "{\(variable.key)}", with: value)
                }
            }
        }
        return url
    }

    /// The first server's URL with its variables at their defaults, when it is absolute http(s).
    private func baseURL(_ root: JSONObject, log: inout OpenAPIWarningLog) -> String? {
        guard case .array(let servers)? = root["servers"], let url = Self.firstServerURL(root) else {
            return nil
        }
        if servers.count > 1 {
            log.warn(
                "only the first server is mapped (to \"baseURL\")", at: JSONPointer(tokens: ["servers", "1"]))
        }
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
            log.warn(
                "server URL \"\(url)\" is not an absolute http(s) URL, so the contract has no baseURL; give --base-url when running (a description given as a URL resolves it against that URL)",
                at: JSONPointer(tokens: ["servers", "0", "url"]))
            return nil
        }
        return url.hasSuffix("/") ? String(url.dropLast()) : url
    }

    /// Top-level parts that have no contract equivalent.
    private func reportUnmapped(_ root: JSONObject, log: inout OpenAPIWarningLog) {
        if root["webhooks"] != nil {
            log.warn(
                "webhooks are not mapped (Conform replays requests it sends itself)",
                at: JSONPointer(tokens: ["webhooks"]))
        }
        let components = root["components"]
        if components?["callbacks"] != nil {
            log.warn(
                OpenAPIOperationConverter.unmappedMessage("callbacks"),
                at: JSONPointer(tokens: ["components", "callbacks"]))
        }
    }

    // MARK: - Operations

    private func operations(
        _ root: JSONObject, converter: OpenAPIOperationConverter, log: inout OpenAPIWarningLog
    ) -> [OpenAPIOperation] {
        guard case .object(let paths)? = root["paths"] else { return [] }
        var sources: [OpenAPIOperationConverter.Source] = []
        var routes = Set<String>()
        for path in paths.members where !path.key.hasPrefix("x-") && !path.key.contains("?") {
            for method in Self.methods where path.value[method] != nil {
                routes.insert("\(method) \(path.key)")
            }
        }
        for path in paths.members where !path.key.hasPrefix("x-") {
            let itemPointer = JSONPointer(tokens: ["paths", path.key])
            let (route, fixedQuery) = Self.splitQuery(path.key)
            guard let item = converter.references.resolve(path.value, at: itemPointer, log: &log),
                case .object(let pathItem) = item.value
            else { continue }
            if pathItem["servers"] != nil {
                log.warn(
                    OpenAPIOperationConverter.unmappedMessage("servers"),
                    at: item.pointer.appending("servers"))
            }
            for method in Self.methods {
                guard case .object(var operation)? = pathItem[method] else { continue }
                let pointer = item.pointer.appending(method)
                guard method != "trace" else {
                    log.warn(
                        "TRACE operations are not mapped (contracts replay GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS)",
                        at: pointer)
                    continue
                }
                if !fixedQuery.isEmpty {
                    guard !routes.contains("\(method) \(route)") else {
                        log.warn(
                            "\(method.uppercased()) \(route) is also declared without the query \"?\(fixedQuery.map { "\($0.name)=\($0.value)" }.joined(separator: "&"))\"; a contract routes by path only, so this variant is not mapped",
                            at: pointer)
                        continue
                    }
                    var parameters = operation["parameters"]?.arrayValue ?? []
                    for (name, value) in fixedQuery {
                        parameters.append(Self.fixedQueryParameter(name: name, value: value))
                    }
                    operation["parameters"] = .array(parameters)
                }
                sources.append(
                    .init(
                        id: "", method: method, path: route, operation: operation, pointer: pointer,
                        pathParameters: pathItem["parameters"], pathItemPointer: item.pointer))
            }
        }
        assignIDs(&sources, log: &log)
        return sources.map { converter.convert($0, log: &log) }
    }

    /// A path key with a query part (`/responses/{id}?beta=true`): the path, and the fixed query
    /// values, which every operation of the key sends as required query parameters.
    static func splitQuery(_ key: String) -> (path: String, query: [(name: String, value: String)]) {
        guard let mark = key.firstIndex(of: "?") else { return (key, []) }
        let query = key[key.index(after: mark)...].split(separator: "&").compactMap {
            pair -> (name: String, value: String)? in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts.first, !name.isEmpty else { return nil }
            let value = parts.count > 1 ? String(parts[1]) : ""
            return (
                String(name).removingPercentEncoding ?? String(name), value.removingPercentEncoding ?? value
            )
        }
        return (String(key[..<mark]), query)
    }

    /// A required query parameter that only accepts `value`.
    private static func fixedQueryParameter(name: String, value: String) -> JSONValue {
        .object(
            JSONObject([
                ("name", .string(name)), ("in", .string("query")), ("required", .bool(true)),
                (
                    "schema",
                    .object(JSONObject([("type", .string("string")), ("enum", .array([.string(value)]))]))
                ),
                ("example", .string(value)),
            ]))
    }

    /// `operationId`, else `<method>_<path words>` (`get_menu`); a suffix keeps every id unique.
    private func assignIDs(_ sources: inout [OpenAPIOperationConverter.Source], log: inout OpenAPIWarningLog)
    {
        let declared = Set(sources.compactMap { $0.operation["operationId"]?.stringValue })
        var used = Set<String>()
        for index in sources.indices {
            let source = sources[index]
            var base: String
            if let operationID = source.operation["operationId"]?.stringValue, !operationID.isEmpty {
                base = operationID
                if used.contains(operationID) {
                    log.warn(
                        "operationId \"\(operationID)\" is used twice; this endpoint gets another id",
                        at: source.pointer.appending("operationId"))
                }
            } else {
                let words = source.path.split(separator: "/").map { segment in
                    OpenAPIExampleBuilder.variableName(
                        segment.trimmingCharacters(in: ["{", "}"]).replacingOccurrences(of: "-", with: "_"))
                }
                base = ([source.method] + (words.isEmpty ? ["root"] : words)).joined(separator: "_")
                if declared.contains(base) { base += "_operation" }
            }
            sources[index].id = used.insertUnique(base)
        }
    }
}
