import ContractKit
import JSONSchema

/// The report as versioned JSON (`docs/compat.schema.json`), for tools and dashboards.
///
/// Written straight into the text rather than built as a `JSONValue` first: a year of changes to a
/// large description reaches tens of thousands of places, and the tree cost more to build and free
/// than the text to write.
public enum CompatJSON {
    /// The format version written; raised when a field changes meaning or goes away.
    public static let formatVersion = 2

    public static func render(_ report: CompatReport, toolVersion: String) -> String {
        var json = JSONStreamWriter(
            capacity: 4096 + report.changes.reduce(0) { $0 + 600 + 400 * $1.reach.count })
        json.beginObject()
        json.key("format")
        json.string("conform-compat")
        json.key("formatVersion")
        json.number(formatVersion)
        json.key("tool")
        json.beginObject()
        member("name", "conform", in: &json)
        member("version", toolVersion, in: &json)
        json.endObject()
        json.key("old")
        description(report.old, in: &json)
        json.key("new")
        description(report.new, in: &json)
        json.key("options")
        json.beginObject()
        member("failOn", report.options.failOn.rawValue, in: &json)
        member("clients", report.options.clients.rawValue, in: &json)
        json.endObject()
        verdict(report, in: &json)
        json.key("changes")
        json.beginArray()
        for change in report.changes { self.change(change, fails: report.fails(change), in: &json) }
        json.endArray()
        json.key("notes")
        json.beginArray()
        for note in report.notes { self.note(note, in: &json) }
        json.endArray()
        json.key("unusedIgnores")
        json.beginArray()
        for entry in report.unusedIgnores {
            json.beginObject()
            member("entry", entry.spelled, in: &json)
            member("origin", entry.origin, in: &json)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        json.finishLine()
        return json.text
    }

    private static func member(_ key: String, _ text: String, in json: inout JSONStreamWriter) {
        json.key(key)
        json.string(text)
    }

    private static func member(_ key: String, _ count: Int, in json: inout JSONStreamWriter) {
        json.key(key)
        json.number(count)
    }

    private static func verdict(_ report: CompatReport, in json: inout JSONStreamWriter) {
        json.key("verdict")
        json.beginObject()
        json.key("passes")
        json.bool(report.passes)
        member("failing", report.failing.count, in: &json)
        member("errors", report.count(.error), in: &json)
        member("warnings", report.count(.warning), in: &json)
        member("info", report.count(.info), in: &json)
        member("accepted", report.acceptedCount, in: &json)
        json.endObject()
    }

    private static func description(_ side: CompatReport.Description, in json: inout JSONStreamWriter) {
        json.beginObject()
        member("source", side.source, in: &json)
        member("name", side.name, in: &json)
        member("version", side.version, in: &json)
        member("operations", side.operationCount, in: &json)
        json.endObject()
    }

    private static func change(_ change: CompatChange, fails: Bool, in json: inout JSONStreamWriter) {
        json.beginObject()
        member("rule", change.rule, in: &json)
        member("level", change.level.rawValue, in: &json)
        member("direction", change.direction.rawValue, in: &json)
        json.key("operation")
        if let operation = change.operation { self.operation(operation, in: &json) } else { json.null() }
        member("message", change.message, in: &json)
        if let effect = change.codableEffect { member("codable", effect, in: &json) }
        json.key("location")
        location(change.location, side: change.side.rawValue, in: &json)
        json.key("reach")
        json.beginArray()
        for reach in change.reach {
            json.beginObject()
            json.key("operation")
            operation(reach.operation, in: &json)
            if !reach.subject.isEmpty { member("subject", reach.subject, in: &json) }
            if let used = reach.usedAt {
                member("usedAt", used.pointer.description, in: &json)
                if let position = used.position { member("line", position.line, in: &json) }
            }
            json.endObject()
        }
        json.endArray()
        member("operationCount", Set(change.reach.map(\.operation)).count, in: &json)
        json.key("fails")
        json.bool(fails)
        if let reason = change.acceptedBecause { member("accepted", reason, in: &json) }
        json.endObject()
    }

    private static func operation(_ operation: CompatOperation, in json: inout JSONStreamWriter) {
        json.beginObject()
        member("id", operation.id, in: &json)
        member("method", operation.method, in: &json)
        member("path", operation.path, in: &json)
        json.endObject()
    }

    private static func location(
        _ location: SourceLocator.Location, side: String, in json: inout JSONStreamWriter
    ) {
        json.beginObject()
        member("side", side, in: &json)
        file(location.file, in: &json)
        if let position = location.position {
            member("line", position.line, in: &json)
            member("column", position.column, in: &json)
        }
        member("pointer", location.pointer.description, in: &json)
        json.endObject()
    }

    private static func file(_ file: String?, in json: inout JSONStreamWriter) {
        json.key("file")
        if let file { json.string(file) } else { json.null() }
    }

    private static func note(_ note: CompatNote, in json: inout JSONStreamWriter) {
        let problem = note.problem
        json.beginObject()
        member("side", note.side.rawValue, in: &json)
        member("severity", problem.severity.rawValue, in: &json)
        file(problem.file, in: &json)
        if let position = problem.position {
            member("line", position.line, in: &json)
            member("column", position.column, in: &json)
        }
        member("pointer", problem.pointer.description, in: &json)
        member("message", problem.message, in: &json)
        json.endObject()
    }
}
