import JSONSchema

/// Turns a parsed contract document into a `Contract`, recording every structural problem (wrong
/// types, missing keys, unknown keys with a did-you-mean) instead of stopping at the first.
struct ContractDecoder {
    private var log = ProblemLog()
    private let document: JSONValue

    init(document: JSONValue) { self.document = document }

    static let rootKeys = [
        "$schema", "conform", "name", "version", "description", "baseURL", "latencyBudgetMs", "assertFormats",
        "checks",
        "schemas", "endpoints", "auth",
    ]
    static let endpointKeys = [
        "id", "method", "path", "summary", "description", "tags", "parameters", "request", "responses",
        "latencyBudgetMs", "checks", "examples", "security",
    ]
    static let parameterKeys = [
        "required", "schema", "description", "filters", "limits", "style", "explode", "allowReserved",
    ]
    static let requestKeys = ["contentType", "schema", "required", "description"]
    static let responseKeys = ["description", "contentType", "headers", "schema", "example"]
    static let headerKeys = ["required", "schema", "description"]
    static let exampleKeys = [
        "name", "description", "pathParameters", "query", "headers", "body", "rawBody", "contentType",
        "expect",
        "capture", "assert",
    ]
    static let methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    mutating func decode() -> (Contract?, [ContractProblem]) {
        guard var root = ObjectReader(document, at: .root, what: "a contract", log: &log) else {
            return (nil, log.problems)
        }
        let formatVersion = root.int("conform", log: &log)
        if formatVersion == nil && root.object["conform"] == nil {
            log.error("missing required key \"conform\" (the contract format version; use 1)", at: .root)
        } else if let formatVersion, formatVersion != 1 {
            log.error(
                "unsupported contract format version \(formatVersion); this Conform reads version 1",
                at: JSONPointer(tokens: ["conform"]))
        }
        let name = root.string("name", required: true, log: &log) ?? ""
        let version = root.string("version", required: true, log: &log) ?? ""
        let description = root.string("description", log: &log)
        let baseURL = root.string("baseURL", log: &log)
        if let baseURL, !(baseURL.hasPrefix("http://") || baseURL.hasPrefix("https://")) {
            log.error(
                "\"baseURL\" must be an http:// or https:// URL, found \"\(baseURL)\"",
                at: JSONPointer(tokens: ["baseURL"]))
        }
        let latency = latencyBudget(&root)
        let assertsFormats = root.bool("assertFormats", log: &log) ?? false
        let checks = checkSettings(root.value("checks"), at: JSONPointer(tokens: ["checks"]))
        _ = root.string("$schema", log: &log)
        _ = root.value("auth")  // read by ContractAuthDecoder
        if let schemas = root.value("schemas") {
            if let named = schemas.objectValue {
                for member in named.members where !Self.isSchema(member.value) {
                    log.error(
                        "schema \"\(member.key)\" must be a JSON Schema (an object or a boolean), found \(ObjectReader.describe(member.value))",
                        at: JSONPointer(tokens: ["schemas", member.key]))
                }
            } else {
                log.error(
                    "\"schemas\" must be an object of named schemas", at: JSONPointer(tokens: ["schemas"]))
            }
        }
        var endpoints: [Endpoint] = []
        if let list = root.array("endpoints", log: &log) {
            for (index, value) in list.enumerated() {
                if let endpoint = self.endpoint(value, at: JSONPointer(tokens: ["endpoints", String(index)]))
                {
                    endpoints.append(endpoint)
                }
            }
        } else if root.object["endpoints"] == nil {
            log.error("missing required key \"endpoints\"", at: .root)
        }
        root.reportUnknownKeys(known: Self.rootKeys, in: "the contract", log: &log)
        let contract = Contract(
            formatVersion: formatVersion ?? 1, name: name, version: version, description: description,
            baseURL: baseURL, latencyBudget: latency, assertsFormats: assertsFormats, checks: checks,
            endpoints: endpoints, document: document)
        return (contract, log.problems)
    }

    private mutating func latencyBudget(_ reader: inout ObjectReader) -> Duration? {
        guard let milliseconds = reader.int("latencyBudgetMs", log: &log) else { return nil }
        guard milliseconds > 0 else {
            log.error(
                "\"latencyBudgetMs\" must be a positive number of milliseconds",
                at: reader.pointer.appending("latencyBudgetMs"))
            return nil
        }
        return .milliseconds(milliseconds)
    }

    /// Whether a value can be a JSON Schema at all: an object or a boolean.
    static func isSchema(_ value: JSONValue) -> Bool {
        switch value {
        case .object, .bool: return true
        default: return false
        }
    }

    /// The pointer of the reader's `"schema"` member; nil, with a problem, when it cannot be a schema,
    /// so the schema linter does not report the same value again against the meta-schema.
    private mutating func schemaPointer(_ reader: inout ObjectReader) -> JSONPointer? {
        guard let value = reader.value("schema") else { return nil }
        guard Self.isSchema(value) else {
            log.error(
                "\"schema\" must be a JSON Schema (an object or a boolean), found \(ObjectReader.describe(value))",
                at: reader.pointer.appending("schema"))
            return nil
        }
        return reader.pointer.appending("schema")
    }

    // MARK: - Endpoints

    private mutating func endpoint(_ value: JSONValue, at pointer: JSONPointer) -> Endpoint? {
        guard var reader = ObjectReader(value, at: pointer, what: "an endpoint", log: &log) else {
            return nil
        }
        let id = reader.string("id", required: true, log: &log) ?? ""
        var method = reader.string("method", required: true, log: &log) ?? "GET"
        if !Self.methods.contains(method.uppercased()) {
            var message = "unknown HTTP method \"\(method)\""
            if let suggestion = Suggestion.closest(to: method.uppercased(), in: Self.methods) {
                message += "; did you mean \"\(suggestion)\"?"
            }
            log.error(message, at: pointer.appending("method"))
        }
        method = method.uppercased()
        let pathText = reader.string("path", required: true, log: &log) ?? "/"
        let path = PathTemplate(pathText)
        if path == nil {
            log.error(
                "\"path\" must start with \"/\" and use balanced, non-empty {name} placeholders with text between neighbours, found \"\(pathText)\"",
                at: pointer.appending("path"))
        }
        let summary = reader.string("summary", log: &log)
        _ = reader.string("description", log: &log)
        let tags = reader.stringArray("tags", log: &log) ?? []
        let parameters = self.parameters(reader.value("parameters"), at: pointer.appending("parameters"))
        let request = reader.value("request").flatMap { self.request($0, at: pointer.appending("request")) }
        let responses = self.responses(reader.value("responses"), at: pointer.appending("responses"))
        let latency = latencyBudget(&reader)
        let checks = checkSettings(reader.value("checks"), at: pointer.appending("checks"))
        var examples: [Example] = []
        if let list = reader.array("examples", log: &log) {
            for (index, value) in list.enumerated() {
                if let example = self.example(value, at: pointer.appending("examples").appending(index)) {
                    examples.append(example)
                }
            }
        }
        _ = reader.value("security")  // read by ContractAuthDecoder
        reader.reportUnknownKeys(known: Self.endpointKeys, in: "an endpoint", log: &log)
        return Endpoint(
            id: id, method: method, path: path ?? .root,
            summary: summary, tags: tags, parameters: parameters, request: request, responses: responses,
            latencyBudget: latency, checks: checks, examples: examples, pointer: pointer)
    }

    private mutating func parameters(_ value: JSONValue?, at pointer: JSONPointer) -> [Parameter] {
        guard let value, var reader = ObjectReader(value, at: pointer, what: "\"parameters\"", log: &log)
        else { return [] }
        var result: [Parameter] = []
        for location in Parameter.Location.allCases {
            guard let group = reader.object(location.rawValue, log: &log) else { continue }
            for member in group.members {
                let itemPointer = pointer.appending(location.rawValue).appending(member.key)
                guard var item = ObjectReader(member.value, at: itemPointer, what: "a parameter", log: &log)
                else { continue }
                var required = item.bool("required", log: &log) ?? (location == .path)
                if location == .path && !required {
                    log.error(
                        "path parameter \"\(member.key)\" cannot be optional",
                        at: itemPointer.appending("required"))
                    required = true
                }
                let schemaPointer = self.schemaPointer(&item)
                _ = item.string("description", log: &log)
                var filters: PointerPattern?
                if let text = item.string("filters", log: &log) {
                    filters = PointerPattern(text)
                    if filters == nil {
                        log.error(
                            "\"filters\" must be a JSON pointer such as \"/items/*/category\", found \"\(text)\"",
                            at: itemPointer.appending("filters"))
                    }
                }
                var limits: JSONPointer?
                if let text = item.string("limits", log: &log) {
                    limits = JSONPointer(text)
                    if limits == nil {
                        log.error(
                            "\"limits\" must be a JSON pointer to the array it bounds, such as \"/items\", found \"\(text)\"",
                            at: itemPointer.appending("limits"))
                    }
                }
                let style = self.style(&item, location: location, at: itemPointer)
                let explode = item.bool("explode", log: &log) ?? false
                let allowReserved = item.bool("allowReserved", log: &log) ?? false
                item.reportUnknownKeys(known: Self.parameterKeys, in: "a parameter", log: &log)
                result.append(
                    Parameter(
                        name: member.key, location: location, isRequired: required,
                        schemaPointer: schemaPointer, filters: filters, limits: limits, style: style,
                        explode: explode,
                        allowReserved: allowReserved, pointer: itemPointer))
            }
        }
        reader.reportUnknownKeys(
            known: Parameter.Location.allCases.map(\.rawValue), in: "\"parameters\"", log: &log)
        return result
    }

    /// A parameter's `style`, which must be one its location allows.
    private mutating func style(
        _ item: inout ObjectReader, location: Parameter.Location, at pointer: JSONPointer
    )
        -> ParameterStyle?
    {
        guard let text = item.string("style", log: &log) else { return nil }
        let allowed = ParameterStyle.allowed(in: location)
        guard let style = ParameterStyle(rawValue: text), allowed.contains(style) else {
            var message =
                "\"style\" of a \(location.rawValue) parameter must be one of "
                + allowed.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + ", found \"\(text)\""
            if let suggestion = Suggestion.closest(to: text, in: allowed.map(\.rawValue)) {
                message += "; did you mean \"\(suggestion)\"?"
            }
            log.error(message, at: pointer.appending("style"))
            return nil
        }
        return style
    }

    private mutating func request(_ value: JSONValue, at pointer: JSONPointer) -> RequestSpec? {
        guard var reader = ObjectReader(value, at: pointer, what: "\"request\"", log: &log) else {
            return nil
        }
        let contentType = reader.string("contentType", log: &log) ?? "application/json"
        if !MediaType.isWellFormed(contentType) {
            log.error(
                "\"contentType\" must be a media type such as \"application/json\", found \"\(contentType)\"",
                at: pointer.appending("contentType"))
        }
        let schemaPointer = self.schemaPointer(&reader)
        let required = reader.bool("required", log: &log) ?? true
        _ = reader.string("description", log: &log)
        reader.reportUnknownKeys(known: Self.requestKeys, in: "\"request\"", log: &log)
        return RequestSpec(
            contentType: contentType, schemaPointer: schemaPointer, isRequired: required, pointer: pointer)
    }

    private mutating func responses(_ value: JSONValue?, at pointer: JSONPointer) -> [ResponseSpec] {
        guard let value else {
            log.error("missing required key \"responses\"", at: pointer.parent)
            return []
        }
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
            guard var reader = ObjectReader(member.value, at: itemPointer, what: "a response", log: &log)
            else { continue }
            let description = reader.string("description", log: &log)
            var contentTypes: [String] = []
            switch reader.value("contentType") {
            case .string(let type)?: contentTypes = [type]
            case .array(let types)?:
                contentTypes = types.compactMap(\.stringValue)
                if contentTypes.count != types.count || types.isEmpty {
                    log.error(
                        "\"contentType\" must be a media type or a non-empty array of them",
                        at: itemPointer.appending("contentType"))
                }
            case nil: break
            case let other?:
                log.error(
                    "\"contentType\" must be a media type or an array of them, found \(ObjectReader.describe(other))",
                    at: itemPointer.appending("contentType"))
            }
            for type in contentTypes where !MediaType.isWellFormed(type) {
                log.error(
                    "\"\(type)\" is not a media type such as \"application/json\"",
                    at: itemPointer.appending("contentType"))
            }
            var headers: [HeaderSpec] = []
            if let group = reader.object("headers", log: &log) {
                for header in group.members {
                    let headerPointer = itemPointer.appending("headers").appending(header.key)
                    guard
                        var headerReader = ObjectReader(
                            header.value, at: headerPointer, what: "a header", log: &log)
                    else { continue }
                    let required = headerReader.bool("required", log: &log) ?? true
                    let schemaPointer = self.schemaPointer(&headerReader)
                    _ = headerReader.string("description", log: &log)
                    headerReader.reportUnknownKeys(known: Self.headerKeys, in: "a header", log: &log)
                    headers.append(
                        HeaderSpec(
                            name: header.key, isRequired: required, schemaPointer: schemaPointer,
                            pointer: headerPointer))
                }
            }
            let schemaPointer = self.schemaPointer(&reader)
            if schemaPointer != nil && contentTypes.isEmpty {
                contentTypes = ["application/json"]
            }
            let example = reader.value("example")
            reader.reportUnknownKeys(known: Self.responseKeys, in: "a response", log: &log)
            result.append(
                ResponseSpec(
                    status: status, description: description, contentTypes: contentTypes, headers: headers,
                    schemaPointer: schemaPointer, example: example, pointer: itemPointer))
        }
        return result
    }

    // MARK: - Examples

    private mutating func example(_ value: JSONValue, at pointer: JSONPointer) -> Example? {
        guard var reader = ObjectReader(value, at: pointer, what: "an example", log: &log) else { return nil }
        let name = reader.string("name", required: true, log: &log) ?? "example"
        _ = reader.string("description", log: &log)
        let pathParameters = members(reader.object("pathParameters", log: &log))
        let query = members(reader.object("query", log: &log))
        let headers = members(reader.object("headers", log: &log))
        for header in headers where header.value.stringValue == nil {
            log.error(
                "header \"\(header.name)\" must be a string",
                at: pointer.appending("headers").appending(header.name))
        }
        let body = reader.value("body")
        let rawBody = reader.string("rawBody", log: &log)
        if body != nil && rawBody != nil {
            log.error("an example has either \"body\" (JSON) or \"rawBody\" (text), not both", at: pointer)
        }
        let contentType = reader.string("contentType", log: &log)
        var expectedStatus: Int?
        if let expectValue = reader.value("expect"),
            var expect = ObjectReader(
                expectValue, at: pointer.appending("expect"), what: "\"expect\"", log: &log)
        {
            expectedStatus = expect.int("status", log: &log)
            if let status = expectedStatus, !(100...599).contains(status) {
                log.error(
                    "\"status\" must be an HTTP status from 100 to 599, found \(status)",
                    at: pointer.appending("expect").appending("status"))
            }
            expect.reportUnknownKeys(known: ["status"], in: "\"expect\"", log: &log)
        }
        let captures = self.captures(reader.object("capture", log: &log), at: pointer.appending("capture"))
        var assertions: [Assertion] = []
        if let list = reader.array("assert", log: &log) {
            for (index, item) in list.enumerated() {
                if let assertion = self.assertion(item, at: pointer.appending("assert").appending(index)) {
                    assertions.append(assertion)
                }
            }
        }
        reader.reportUnknownKeys(known: Self.exampleKeys, in: "an example", log: &log)
        return Example(
            name: name, pathParameters: pathParameters, query: query, headers: headers, body: body,
            rawBody: rawBody,
            contentType: contentType, expectedStatus: expectedStatus, captures: captures,
            assertions: assertions,
            pointer: pointer)
    }

    private func members(_ object: JSONObject?) -> [(name: String, value: JSONValue)] {
        object?.members.map { (name: $0.key, value: $0.value) } ?? []
    }

    private mutating func captures(_ object: JSONObject?, at pointer: JSONPointer) -> [Capture] {
        guard let object else { return [] }
        var result: [Capture] = []
        for member in object.members {
            let itemPointer = pointer.appending(member.key)
            switch member.value {
            case .string(let text):
                guard let target = JSONPointer(text) else {
                    log.error(
                        "capture \"\(member.key)\" must be a JSON pointer such as \"/items/0/id\", found \"\(text)\"",
                        at: itemPointer)
                    continue
                }
                result.append(Capture(variable: member.key, source: .body(target), pointer: itemPointer))
            case .object:
                guard var reader = ObjectReader(member.value, at: itemPointer, what: "a capture", log: &log)
                else { continue }
                let pointerText = reader.string("pointer", log: &log)
                let header = reader.string("header", log: &log)
                let regex = reader.string("regex", log: &log)
                reader.reportUnknownKeys(known: ["pointer", "header", "regex"], in: "a capture", log: &log)
                if let header, pointerText == nil {
                    result.append(
                        Capture(
                            variable: member.key, source: .header(header), regex: regex, pointer: itemPointer)
                    )
                } else if let pointerText, header == nil, let target = JSONPointer(pointerText) {
                    result.append(
                        Capture(
                            variable: member.key, source: .body(target), regex: regex, pointer: itemPointer))
                } else {
                    log.error(
                        "capture \"\(member.key)\" needs exactly one of \"pointer\" (a JSON pointer into the body) or \"header\"",
                        at: itemPointer)
                }
            default:
                log.error(
                    "capture \"\(member.key)\" must be a JSON pointer string or an object, found \(ObjectReader.describe(member.value))",
                    at: itemPointer)
            }
        }
        return result
    }

    private static let assertionOperators = ["equals", "notEmpty", "unique", "in", "matches", "exists"]

    private mutating func assertion(_ value: JSONValue, at pointer: JSONPointer) -> Assertion? {
        guard var reader = ObjectReader(value, at: pointer, what: "an assertion", log: &log) else {
            return nil
        }
        let pathText = reader.string("path", required: true, log: &log) ?? ""
        let path = PointerPattern(pathText)
        if path == nil && reader.object["path"] != nil {
            log.error(
                "\"path\" must be a JSON pointer, with * for every element, such as \"/items/*/id\"; found \"\(pathText)\"",
                at: pointer.appending("path"))
        }
        var operations: [Assertion.Operation] = []
        if let expected = reader.value("equals") { operations.append(.equals(expected)) }
        if let flag = reader.bool("notEmpty", log: &log) {
            if flag {
                operations.append(.notEmpty)
            } else {
                log.error("\"notEmpty\" only takes true", at: pointer.appending("notEmpty"))
            }
        }
        if let flag = reader.bool("unique", log: &log) {
            if flag {
                operations.append(.unique)
            } else {
                log.error("\"unique\" only takes true", at: pointer.appending("unique"))
            }
        }
        if let values = reader.value("in") {
            if values.arrayValue == nil
                && values.stringValue.map({ !Template.variables(in: $0).isEmpty }) != true
            {
                log.error(
                    "\"in\" must be an array of values or a captured variable such as \"{{categories}}\"",
                    at: pointer.appending("in"))
            }
            operations.append(.oneOf(values))
        }
        if let pattern = reader.string("matches", log: &log) { operations.append(.matches(pattern)) }
        if let flag = reader.bool("exists", log: &log) { operations.append(.exists(flag)) }
        reader.reportUnknownKeys(known: ["path"] + Self.assertionOperators, in: "an assertion", log: &log)
        guard operations.count == 1, let path else {
            if operations.count != 1 {
                log.error(
                    "an assertion needs exactly one of \(Self.assertionOperators.map { "\"\($0)\"" }.joined(separator: ", "))",
                    at: pointer)
            }
            return nil
        }
        return Assertion(path: path, operation: operations[0], pointer: pointer)
    }

    // MARK: - Checks

    private mutating func checkSettings(_ value: JSONValue?, at pointer: JSONPointer) -> CheckSettings {
        guard let value else { return CheckSettings() }
        guard case .object(let object) = value else {
            log.error("\"checks\" must be an object keyed by check name", at: pointer)
            return CheckSettings()
        }
        var settings = CheckSettings()
        for member in object.members {
            let itemPointer = pointer.appending(member.key)
            guard let check = CheckName(rawValue: member.key) else {
                var message = "unknown check \"\(member.key)\""
                if let suggestion = Suggestion.closest(to: member.key, in: CheckName.allCases.map(\.rawValue))
                {
                    message += "; did you mean \"\(suggestion)\"?"
                } else {
                    message += " (checks: \(CheckName.allCases.map(\.rawValue).joined(separator: ", ")))"
                }
                log.error(message, at: itemPointer)
                continue
            }
            switch member.value {
            case .bool(let enabled):
                if enabled { settings.enabled.insert(check) } else { settings.disabled.insert(check) }
            case .object:
                guard
                    var reader = ObjectReader(
                        member.value, at: itemPointer, what: "a check setting", log: &log)
                else { continue }
                switch reader.bool("enabled", log: &log) {
                case false?: settings.disabled.insert(check)
                case true?: settings.enabled.insert(check)
                case nil: break
                }
                if let statuses = reader.array("acceptedStatuses", log: &log) {
                    let codes = statuses.compactMap(\.intValue).filter { (100...599).contains($0) }
                    if codes.count != statuses.count {
                        log.error(
                            "\"acceptedStatuses\" must be HTTP status codes (100-599)",
                            at: itemPointer.appending("acceptedStatuses"))
                    }
                    settings.acceptedStatuses[check] = codes
                }
                reader.reportUnknownKeys(
                    known: ["enabled", "acceptedStatuses"], in: "a check setting", log: &log)
            default:
                log.error(
                    "check \"\(member.key)\" takes true, false or {\"enabled\", \"acceptedStatuses\"}",
                    at: itemPointer)
            }
        }
        return settings
    }
}
