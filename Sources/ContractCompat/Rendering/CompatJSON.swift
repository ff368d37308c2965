import ContractKit
import JSONSchema

/// The report as versioned JSON (`docs/compat.schema.json`), for tools and dashboards.
public enum CompatJSON {
    /// The format version written; raised when a field changes meaning or goes away.
    public static let formatVersion = 2

    public static func render(_ report: CompatReport, toolVersion: String) -> String {
        let root: JSONValue = [
            "format": "conform-compat",
            "formatVersion": .number(JSONNumber(formatVersion)),
            "tool": ["name": "conform", "version": .string(toolVersion)],
            "old": description(report.old),
            "new": description(report.new),
            "options": [
                "failOn": .string(report.options.failOn.rawValue),
                "clients": .string(report.options.clients.rawValue),
            ],
            "verdict": [
                "passes": .bool(report.passes), "failing": count(report.failing.count),
                "errors": count(report.count(.error)),
                "warnings": count(report.count(.warning)), "info": count(report.count(.info)),
                "accepted": count(report.acceptedCount),
            ],
            "changes": .array(report.changes.map { change($0, fails: report.fails($0)) }),
            "notes": .array(report.notes.map(note)),
            "unusedIgnores": .array(
                report.unusedIgnores.map { ["entry": .string($0.spelled), "origin": .string($0.origin)] }),
        ]
        return JSONSerializer(style: .pretty).string(root) + "\n"
    }

    private static func count(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }

    private static func description(_ side: CompatReport.Description) -> JSONValue {
        [
            "source": .string(side.source), "name": .string(side.name), "version": .string(side.version),
            "operations": count(side.operationCount),
        ]
    }

    private static func change(_ change: CompatChange, fails: Bool) -> JSONValue {
        var object = JSONObject([
            ("rule", .string(change.rule)), ("level", .string(change.level.rawValue)),
            ("direction", .string(change.direction.rawValue)),
        ])
        object["operation"] = change.operation.map(operation) ?? .null
        object["message"] = .string(change.message)
        if let effect = change.codableEffect { object["codable"] = .string(effect) }
        object["location"] = location(change.location, side: change.side.rawValue)
        object["reach"] = .array(change.reach.map(reach))
        object["operationCount"] = count(Set(change.reach.map(\.operation)).count)
        object["fails"] = .bool(fails)
        if let reason = change.acceptedBecause { object["accepted"] = .string(reason) }
        return .object(object)
    }

    /// One operation a change reaches: the operation, what the schema is there and where the
    /// operation uses it (a pointer into its file, and the line).
    private static func reach(_ reach: CompatReach) -> JSONValue {
        var entry = JSONObject([("operation", operation(reach.operation))])
        if !reach.subject.isEmpty { entry["subject"] = .string(reach.subject) }
        if let used = reach.usedAt {
            entry["usedAt"] = .string(used.pointer.description)
            if let position = used.position { entry["line"] = .number(JSONNumber(position.line)) }
        }
        return .object(entry)
    }

    private static func operation(_ operation: CompatOperation) -> JSONValue {
        ["id": .string(operation.id), "method": .string(operation.method), "path": .string(operation.path)]
    }

    private static func location(_ location: SourceLocator.Location, side: String) -> JSONValue {
        var object = JSONObject([("side", .string(side))])
        object["file"] = location.file.map(JSONValue.string) ?? .null
        if let position = location.position {
            object["line"] = .number(JSONNumber(position.line))
            object["column"] = .number(JSONNumber(position.column))
        }
        object["pointer"] = .string(location.pointer.description)
        return .object(object)
    }

    private static func note(_ note: CompatNote) -> JSONValue {
        let problem = note.problem
        var object = JSONObject([
            ("side", .string(note.side.rawValue)), ("severity", .string(problem.severity.rawValue)),
        ])
        object["file"] = problem.file.map(JSONValue.string) ?? .null
        if let position = problem.position {
            object["line"] = .number(JSONNumber(position.line))
            object["column"] = .number(JSONNumber(position.column))
        }
        object["pointer"] = .string(problem.pointer.description)
        object["message"] = .string(problem.message)
        return .object(object)
    }
}
