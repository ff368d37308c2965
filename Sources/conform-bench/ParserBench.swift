import Foundation
import JSONSchema

/// Throughput of Conform's own parser against Foundation's `JSONSerialization` on the same bytes.
///
/// Foundation is the yardstick because it is what a Swift user on Linux would otherwise reach for;
/// issue #18 asks ≥ 400 MB/s on the menu and ≥ 250 MB/s on small bodies of the parser, whose output
/// is now the flat `JSONTape` every hot path reads. The `JSONValue` tree built from it
/// (`JSONParser.parse`, what library users and messages read) has rows of its own, without a target.
struct ParserBench {
    let menu: [UInt8]
    let smallBodies: [[UInt8]]
    let repetitions: Int

    func run() throws -> [BenchRow] {
        let menuData = Data(menu)
        let large = try paired(bytes: menu.count) {
            _ = try JSONParser.parse(menu)
        } baseline: {
            _ = try JSONSerialization.jsonObject(with: menuData, options: [.fragmentsAllowed])
        }
        let smallData = smallBodies.map { Data($0) }
        let smallBytes = smallBodies.reduce(0) { $0 + $1.count }
        let small = try paired(bytes: smallBytes) {
            for body in smallBodies { _ = try JSONParser.parse(body) }
        } baseline: {
            for data in smallData { _ = try JSONSerialization.jsonObject(with: data, options: []) }
        }
        let largeTape = try paired(bytes: menu.count) {
            _ = try JSONTape.parse(menu)
        } baseline: {
            _ = try JSONSerialization.jsonObject(with: menuData, options: [.fragmentsAllowed])
        }
        let smallTape = try paired(bytes: smallBytes) {
            for body in smallBodies { _ = try JSONTape.parse(body) }
        } baseline: {
            for data in smallData { _ = try JSONSerialization.jsonObject(with: data, options: []) }
        }
        let menuName = "\(Figure.megabytes(Double(menu.count))) menu document"
        let smallName = "\(smallBodies.count) × ~\(smallBytes / max(1, smallBodies.count)) B bodies"
        // The tape is the parser's output, which the targets apply to; the `JSONValue` tree
        // is the public view built from it on demand (messages, captures, library users), shown
        // for what it costs.
        return [
            row("\(menuName) → tape", largeTape, target: 400),
            row("\(smallName) → tape", smallTape, target: 250),
            row("\(menuName) → JSONValue (public tree, built on demand)", large, target: nil),
            row("\(smallName) → JSONValue (public tree, built on demand)", small, target: nil),
        ]
    }

    /// Median MB/s of both, and the median per-repetition ratio.
    private func paired(bytes: Int, subject: () throws -> Void, baseline: () throws -> Void) throws -> (
        ours: Double, foundation: Double, ratio: Double
    ) {
        var timing = PairedTiming()
        for _ in 0..<repetitions {
            timing.subject.append(try Stopwatch.time(subject))
            timing.baseline.append(try Stopwatch.time(baseline))
        }
        let megabytes = Double(bytes) / 1_000_000
        return (megabytes / timing.subjectSeconds, megabytes / timing.baselineSeconds, timing.speedup)
    }

    private func row(
        _ name: String, _ figures: (ours: Double, foundation: Double, ratio: Double), target: Double?
    ) -> BenchRow {
        BenchRow(
            area: "Parser", name: name, measured: Figure.megabytesPerSecond(figures.ours),
            baseline: "JSONSerialization \(Figure.megabytesPerSecond(figures.foundation))",
            ratio: Figure.times(figures.ratio), target: target.map { "≥ \(Int($0)) MB/s" } ?? "–",
            met: target.map { figures.ours >= $0 })
    }
}
