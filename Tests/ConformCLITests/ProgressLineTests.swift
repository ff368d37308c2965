import ConformCLI
import Foundation
import Testing

/// On a terminal, `run` and `fuzz` keep one live line `[done/total]` on standard error.
@Suite struct ProgressLineTests {
    @Test("fuzz counts the planned endpoints on the live line, ending with every one of them reported")
    func fuzzProgressTotal() async throws {
        let inline = LineCollector()
        let err = LineCollector()
        let console = Console(
            out: { _ in }, err: { err.append($0) }, errInline: { inline.append($0) }, isTerminal: true)
        let reports = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-progress-\(UUID())")
        let code = await Conform.run(
            [
                "fuzz", repo("Contracts/restaurant.json"), "--cases", "2", "--stateless", "--reports-dir",
                reports.path,
            ], console: console, environment: [:], standardInput: { Data() })
        #expect(code == .success, "\(err.text)")
        let announced = try #require(err.text.firstMatch(of: /: (\d+) endpoints?,/))
        let planned = try #require(Int(announced.1))
        let lines = inline.text.split(separator: "\r").map { $0.replacing("\u{1B}[2K", with: "") }
        let counts = lines.compactMap { line in line.firstMatch(of: /^\[(\d+)\/(\d+)\]/) }
        #expect(!counts.isEmpty)
        #expect(counts.allSatisfy { Int($0.2) == planned })
        #expect(counts.last.map { Int($0.1) } == planned)
    }
}
