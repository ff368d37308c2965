import ConformHTTP
import JSONSchema

/// Turns a parsed contract document into a `Contract`, recording every structural problem (wrong
/// types, missing keys, unknown keys with a did-you-mean) instead of stopping at the first.
///
/// Each object is read with its ``ObjectShape`` from ``ContractShape``, which says which keys it
/// has, which are required and of what kind; the decoder adds what a shape cannot say (a version
/// this Conform reads, a path template, a style its location allows).
struct ContractDecoder {
    var log = ProblemLog()
    private let document: JSONValue

    init(document: JSONValue) { self.document = document }

    mutating func decode() -> (Contract?, [ContractProblem]) {
        guard var root = ObjectReader(document, as: ContractShape.root, at: .root, log: &log) else {
            return (nil, log.problems)
        }
        let formatVersion = root.int("conform", log: &log)
        if let formatVersion, formatVersion != 1 {
            log.error(
                "unsupported contract format version \(formatVersion); this Conform reads version 1",
                at: JSONPointer(tokens: ["conform"]))
        }
        let name = root.string("name", log: &log) ?? ""
        let version = root.string("version", log: &log) ?? ""
        let description = root.string("description", log: &log)
        let baseURL = root.string("baseURL", log: &log)
        if let baseURL, !(baseURL.hasPrefix("http://") || baseURL.hasPrefix("https://")) {
            log.error(
                "\"baseURL\" must be an http:// or https:// URL, found \"\(baseURL)\"",
                at: JSONPointer(tokens: ["baseURL"]))
        }
        let latency = latencyBudget(&root)
        let assertsFormats = root.bool("assertFormats", log: &log) ?? false
        let checks = checkSettings(root.value("checks", log: &log), at: JSONPointer(tokens: ["checks"]))
        _ = root.string("$schema", log: &log)
        _ = root.value("auth", log: &log)  // read by ContractAuthDecoder
        checkNamedSchemas(root.value("schemas", log: &log))
        var endpoints: [Endpoint] = []
        for (index, value) in (root.array("endpoints", log: &log) ?? []).enumerated() {
            if let endpoint = self.endpoint(value, at: JSONPointer(tokens: ["endpoints", String(index)])) {
                endpoints.append(endpoint)
            }
        }
        root.reportUnknownKeys(log: &log)
        let contract = Contract(
            formatVersion: formatVersion ?? 1, name: name, version: version, description: description,
            baseURL: baseURL, latencyBudget: latency, assertsFormats: assertsFormats, checks: checks,
            endpoints: endpoints, document: document)
        return (contract, log.problems)
    }

    /// Checks that `"schemas"` is an object of JSON Schemas; the linter compiles each one.
    private mutating func checkNamedSchemas(_ schemas: JSONValue?) {
        guard let schemas else { return }
        guard let named = schemas.objectValue else {
            log.error("\"schemas\" must be an object of named schemas", at: JSONPointer(tokens: ["schemas"]))
            return
        }
        for member in named.members where !Self.isSchema(member.value) {
            log.error(
                "schema \"\(member.key)\" must be a JSON Schema (an object or a boolean), found \(ObjectReader.describe(member.value))",
                at: JSONPointer(tokens: ["schemas", member.key]))
        }
    }

    mutating func latencyBudget(_ reader: inout ObjectReader) -> Duration? {
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
    mutating func schemaPointer(_ reader: inout ObjectReader) -> JSONPointer? {
        guard let value = reader.value("schema", log: &log) else { return nil }
        guard Self.isSchema(value) else {
            log.error(
                "\"schema\" must be a JSON Schema (an object or a boolean), found \(ObjectReader.describe(value))",
                at: reader.pointer.appending("schema"))
            return nil
        }
        return reader.pointer.appending("schema")
    }
}
