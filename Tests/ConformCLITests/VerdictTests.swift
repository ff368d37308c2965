import ConformCLI
import Foundation
import Testing

/// The verdict is computed once, so every command and report says the same thing about a run.
@Suite("One verdict for exit codes, progress and reports", .serialized)
struct VerdictTests {
    private func folder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-verdict-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    @Test("fuzz against a port where nothing listens exits 3, as its help says")
    func fuzzUnreachable() async throws {
        let dir = try folder()
        let result = await conform(
            "fuzz", repo("Contracts/restaurant.json"), "--base-url", "http://127.0.0.1:9", "--quiet",
            "--cases", "3", "--reports-dir", dir)
        #expect(result.code == .serverUnreachable, "\(result.err)")
        #expect(result.err.contains("unreachable"))
    }

    @Test("the fuzz summary counts every request sent: stories and followed references too")
    func fuzzSummaryCountsEverything() async throws {
        let dir = try folder()
        let result = await conform(
            "fuzz", repo("Contracts/restaurant.json"), "--cases", "3", "--reports-dir", dir)
        #expect(result.code == .success, "\(result.err)")
        let table = result.out.components(separatedBy: "Requests sent:").last ?? ""
        let header = table.split(separator: "\n").first.map(String.init) ?? ""
        #expect(header.contains("referenced_resource_availability") && header.contains("stories"), "\(table)")
        let rows = table.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        let order = try #require(rows.first { $0.first == "placeOrder" })
        let total = try #require(rows.first { $0.first == "total" })
        // placeOrder creates orders: its story's requests are filed under it.
        #expect(Int(order[order.count - 2]) ?? 0 > 0, "\(table)")
        // Each row's total is the sum of its columns.
        for row in rows where row.count > 2 && row.first != "endpoint" {
            let values = row.dropFirst().compactMap { Int($0) }
            #expect(values.dropLast().reduce(0, +) == values.last, "\(row)")
        }
        #expect(Int(total.last ?? "") ?? 0 > 0)
    }

    @Test("merging an interrupted shard fails the job and the Markdown says interrupted")
    func interruptedShard() async throws {
        let dir = try folder()
        var files: [String] = []
        for index in 1...2 {
            let path = "\(dir)/shard\(index).json"
            let run = await conform(
                "run", repo("Contracts/restaurant.json"), "--quiet", "--shard", "\(index)/2", "--json", path,
                "--reports-dir", dir)
            #expect(run.code == .success)
            files.append(path)
        }
        let text = try String(contentsOfFile: files[1], encoding: .utf8)
        try text.replacingOccurrences(of: "\"interrupted\": false", with: "\"interrupted\": true")
            .write(toFile: files[1], atomically: true, encoding: .utf8)
        let merged = await conform(
            "merge", files[0], files[1], "--json", "\(dir)/merged.json", "--junit", "\(dir)/merged.xml",
            "--markdown", "\(dir)/merged.md")
        #expect(merged.code == .checkFailed, "an interrupted shard did not run every case")
        let markdown = try String(contentsOfFile: "\(dir)/merged.md", encoding: .utf8)
        #expect(markdown.hasPrefix("⏹️ Interrupted:"))
        let junit = try String(contentsOfFile: "\(dir)/merged.xml", encoding: .utf8)
        #expect(junit.contains(#"<property name="verdict" value="interrupted"/>"#))
    }
}
