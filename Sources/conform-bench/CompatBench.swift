import ConformHTTP
import ContractCompat
import Foundation
import JSONSchema

/// `conform compat` on two versions of a large description: issue #26 asks for two 3 MB
/// descriptions compared in under a second, reading both files included; issue #36 holds them to
/// 0.3 s.
///
/// The descriptions are generated (so the bench needs nothing beside the package) in the shape of
/// large public APIs, about 6 KB per operation: OpenAPI 3.1 with documented component schemas,
/// each used by a GET and a PUT (response, then request and response), and a revision that changes
/// one schema in fifty the way releases do, so both the settled-schema shortcut and the comparison
/// itself are exercised.
struct CompatBench {
    let repetitions: Int
    /// The size of each description, in bytes (about).
    var targetBytes = 3_000_000

    func run() async throws -> [BenchRow] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-bench-compat")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (old, new) = try Self.writePair(to: folder.path, targetBytes: targetBytes)
        let size = (try FileManager.default.attributesOfItem(atPath: old.path)[.size] as? Int) ?? 0
        var times: [Double] = []
        var changes = 0
        for _ in 0..<repetitions {
            let clock = ContinuousClock()
            let start = clock.now
            let report = try await CompatCheck().run(old: .file(old.path), new: .file(new.path))
            times.append(Stopwatch.seconds(clock.now - start))
            changes = report.changes.count
        }
        let median = Stopwatch.median(times)
        // The comparison alone, on descriptions already read, to show what reading costs.
        let loaded = (
            try DescriptionLoader.load(.file(old.path)), try DescriptionLoader.load(.file(new.path))
        )
        let comparing = Stopwatch.median(
            (0..<repetitions).map { _ in Stopwatch.time { _ = CompatCheck().compare(loaded.0, loaded.1) } })
        return [
            BenchRow(
                area: "Compat",
                name: "two \(Figure.megabytes(Double(size))) descriptions compared (read both, compare)",
                measured: Figure.milliseconds(median),
                baseline: "comparing alone \(Figure.milliseconds(comparing)); \(changes) changes", ratio: "–",
                target: "≤ 0.3 s", met: median <= 0.3)
        ]
    }

    /// Writes `large-old.json` and `large-new.json` into `folder` (to profile the comparison alone).
    @discardableResult
    static func writePair(to folder: String, targetBytes: Int = 3_000_000) throws -> (old: URL, new: URL) {
        let url = URL(fileURLWithPath: folder)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let old = url.appendingPathComponent("large-old.json")
        let new = url.appendingPathComponent("large-new.json")
        let schemaCount = targetBytes / 8_000
        try Data(description(schemas: schemaCount, revised: false).prettyText.utf8).write(to: old)
        try Data(description(schemas: schemaCount, revised: true).prettyText.utf8).write(to: new)
        return (old, new)
    }

    /// A description with `schemas` component schemas and an operation pair per schema.
    static func description(schemas count: Int, revised: Bool) -> JSONValue {
        var schemas = JSONObject()
        var paths = JSONObject()
        for index in 0..<count {
            schemas["Item\(index)"] = schema(index, of: count, revised: revised && index % 50 == 7)
            let reference: JSONValue = ["$ref": .string("#/components/schemas/Item\(index)")]
            let response: JSONValue = [
                "description": "ok", "content": ["application/json": ["schema": reference]],
            ]
            paths["/items\(index)/{id}"] = [
                "get": [
                    "operationId": .string("getItem\(index)"),
                    "parameters": [
                        ["name": "id", "in": "path", "required": true, "schema": ["type": "string"]]
                    ],
                    "responses": ["200": response, "404": ["description": "missing"]],
                ],
                "put": [
                    "operationId": .string("putItem\(index)"),
                    "parameters": [
                        ["name": "id", "in": "path", "required": true, "schema": ["type": "string"]]
                    ],
                    "requestBody": [
                        "required": true, "content": ["application/json": ["schema": reference]],
                    ],
                    "responses": ["200": response],
                ],
            ]
        }
        return [
            "openapi": "3.1.0", "info": ["title": "Bench", "version": revised ? "2" : "1"],
            "paths": .object(paths),
            "components": ["schemas": .object(schemas)],
        ]
    }

    /// A schema of two dozen documented properties of the usual kinds, one referring to the next
    /// schema; a revised one has a property removed, an enum value added, a bound tightened and a
    /// new optional property.
    private static func schema(_ index: Int, of count: Int, revised: Bool) -> JSONValue {
        var properties = JSONObject()
        for field in 0..<24 {
            let text =
                "The field \(field) of item \(index): what the clerk entered, shown on the app's detail screen."
            let described: (JSONValue) -> JSONValue = { schema in
                guard case .object(var object) = schema else { return schema }
                object["description"] = .string(text)
                return .object(object)
            }
            switch field % 6 {
            case 0:
                properties["field\(field)"] = described(["type": "string", "maxLength": revised ? 40 : 80])
            case 1:
                properties["field\(field)"] = described(["type": "integer", "minimum": 0, "format": "int64"])
            case 2:
                let values: [JSONValue] =
                    revised && field == 2 ? ["open", "closed", "archived"] : ["open", "closed"]
                properties["field\(field)"] = described(["type": "string", "enum": .array(values)])
            case 3:
                properties["field\(field)"] = described([
                    "type": "array", "items": ["type": "string"], "maxItems": 20,
                ])
            case 4: properties["field\(field)"] = described(["type": "string", "format": "date-time"])
            default:
                properties["field\(field)"] = described([
                    "type": "object", "properties": ["a": ["type": "string"], "b": ["type": "number"]],
                ])
            }
        }
        if revised {
            properties["field5"] = nil
            properties["color"] = ["type": "string"]
        }
        if index % 10 != 9 {
            properties["next"] = ["$ref": .string("#/components/schemas/Item\((index + 1) % count)")]
        }
        return [
            "type": "object", "required": ["field0", "field1", "field2"], "properties": .object(properties),
        ]
    }
}
