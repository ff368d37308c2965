import ContractKit
public import Foundation

/// The report as JUnit XML, for CI test views: one test case per operation of either description,
/// failed when it has changes that fail the gate.
///
/// The document validates against both the Jenkins and the strict Apache Ant (windyroad) JUnit
/// schemas. The strict one allows a single `<failure>` per test case, so an operation with several
/// breaking changes has one failure whose text lists each of them, one line per change.
public enum CompatJUnit {
    public static func render(_ report: CompatReport, generatedAt: Date = Date()) -> String {
        let cases = testCases(report)
        let failures = cases.filter { !$0.failing.isEmpty }.count
        let attributes: [(String, String)] = [
            ("id", "0"), ("package", report.new.name),
            ("name", "compat \(report.old.source) → \(report.new.source)"),
            ("hostname", "localhost"), ("timestamp", timestamp(generatedAt)), ("tests", String(cases.count)),
            ("failures", String(failures)), ("errors", "0"), ("skipped", "0"), ("time", "0.000"),
        ]
        var xml =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  " + tag("testsuite", attributes)
            + ">\n"
        xml += "    <properties>\n"
        let properties = [
            ("old", report.old.source), ("new", report.new.source), ("oldVersion", report.old.version),
            ("newVersion", report.new.version), ("failOn", report.options.failOn.rawValue),
            ("clients", report.options.clients.rawValue), ("summary", report.tally),
        ]
        for (name, value) in properties {
            xml += "      " + tag("property", [("name", name), ("value", value)]) + "/>\n"
        }
        xml += "    </properties>\n"
        for item in cases { xml += testCase(item, report) }
        let others = report.changes.filter { !report.fails($0) }
        let out = others.flatMap { CompatText.lines(for: $0, clients: report.options.clients) }.joined(
            separator: "\n")
        xml +=
            out.isEmpty
            ? "    <system-out/>\n" : "    <system-out>" + XMLText.content(out) + "</system-out>\n"
        xml += "    <system-err/>\n  </testsuite>\n</testsuites>\n"
        return xml
    }

    private struct Case {
        var name: String
        var failing: [CompatChange]
    }

    /// One case per operation (the new description's, then those removed), and one for changes
    /// that belong to no operation when there are any. A change that reaches several operations
    /// fails each of them.
    private static func testCases(_ report: CompatReport) -> [Case] {
        var order: [String] = []
        var failing: [String: [CompatChange]] = [:]
        for change in report.changes {
            let operations = CompatText.reachedOperations(change)
            let names = operations.isEmpty ? ["descriptions"] : operations.map { "\($0.id) (\($0))" }
            for name in names {
                if failing[name] == nil { order.append(name) }
                failing[name, default: []] += report.fails(change) ? [change] : []
            }
        }
        return order.map { Case(name: $0, failing: failing[$0] ?? []) }
    }

    private static func testCase(_ item: Case, _ report: CompatReport) -> String {
        let open =
            "    "
            + tag(
                "testcase",
                [("classname", "compat.\(report.new.name)"), ("name", item.name), ("time", "0.000")])
        guard let first = item.failing.first else { return open + "/>\n" }
        let message =
            item.failing.count == 1
            ? "\(first.rule): \(first.message)"
            : "\(item.failing.count) breaking changes; first: \(first.rule)"
        let text = item.failing.flatMap { CompatText.lines(for: $0, clients: report.options.clients) }.joined(
            separator: "\n")
        return open + ">\n      " + tag("failure", [("message", message), ("type", first.rule)]) + ">"
            + XMLText.content(text) + "</failure>\n    </testcase>\n"
    }

    private static func tag(_ name: String, _ attributes: [(String, String)]) -> String {
        "<" + name + attributes.map { " \($0.0)=\"" + XMLText.attribute($0.1) + "\"" }.joined()
    }

    /// `2026-11-22T04:31:00`: UTC without a zone, as the strict schema requires.
    static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : String($0) } ?? "00" }
        return
            "\(parts.year ?? 1970)-\(two(parts.month))-\(two(parts.day))T\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))"
    }
}
