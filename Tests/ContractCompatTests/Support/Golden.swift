import Foundation
import Testing

/// Expected output kept in `Fixtures/Golden/`. Re-record with
/// `CONFORM_RECORD_GOLDEN=1 swift test --filter ContractCompatTests`: a recording fails once so a
/// person looks at it before committing; CI (`CI` set) never records.
enum Golden {
    static let folder = PairCorpus.folder.appendingPathComponent("Golden")

    static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation)
    {
        let file = folder.appendingPathComponent(name)
        let environment = ProcessInfo.processInfo.environment
        if environment["CONFORM_RECORD_GOLDEN"] == "1" && (environment["CI"] ?? "").isEmpty {
            do {
                try Data(actual.utf8).write(to: file, options: .atomic)
                Issue.record(
                    "recorded \(file.path); check it, then run again without CONFORM_RECORD_GOLDEN",
                    sourceLocation: sourceLocation)
            } catch {
                Issue.record("cannot record \(file.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            Issue.record(
                "no golden file \(file.path); record it with CONFORM_RECORD_GOLDEN=1",
                sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        let lines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        guard expected != lines else { return }
        let first =
            zip(expected, lines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expected.count, lines.count)
        let golden = first < expected.count ? String(expected[first]) : "(end)"
        let got = first < lines.count ? String(lines[first]) : "(end)"
        Issue.record(
            "\(name) differs from the golden file at line \(first + 1):\n- \(golden)\n+ \(got)",
            sourceLocation: sourceLocation)
    }
}
