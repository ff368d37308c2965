import Foundation
import JSONSchema

/// Throughput of Conform's own parser against Foundation's `JSONSerialization` on the same bytes.
///
/// Foundation is the yardstick because it is what a Swift user on Linux would otherwise reach for;
/// issue #18 asks ≥ 400 MB/s on the menu and ≥ 250 MB/s on small bodies. Rows for both readings: the
/// `JSONValue` tree (`JSONParser`) and the flat `JSONTape` the validator walks.
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
        let smallMaterialized = try paired(bytes: smallBytes) {
            for body in smallBodies { _ = try JSONTape.parse(body).value }
        } baseline: {
            for body in smallBodies { _ = try JSONParser.parse(body) }
        }
        let menuName = "\(Figure.megabytes(Double(menu.count))) menu document"
        let smallName = "\(smallBodies.count) × ~\(smallBytes / max(1, smallBodies.count)) B bodies"
        return [
            row("\(menuName) → JSONValue", large, target: 400),
            row("\(smallName) → JSONValue", small, target: 250),
            row("\(menuName) → tape", largeTape, target: 400),
            row("\(smallName) → tape", smallTape, target: 250),
            BenchRow(
                area: "Parser", name: "\(smallName) → tape → JSONValue (the response check's path)",
                measured: Figure.megabytesPerSecond(smallMaterialized.ours),
                baseline: "JSONParser \(Figure.megabytesPerSecond(smallMaterialized.foundation))",
                ratio: Figure.times(smallMaterialized.ratio), target: "–", met: nil),
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
        _ name: String, _ figures: (ours: Double, foundation: Double, ratio: Double), target: Double
    ) -> BenchRow {
        BenchRow(
            area: "Parser", name: name, measured: Figure.megabytesPerSecond(figures.ours),
            baseline: "JSONSerialization \(Figure.megabytesPerSecond(figures.foundation))",
            ratio: Figure.times(figures.ratio), target: "≥ \(Int(target)) MB/s",
            met: figures.ours >= target)
    }
}
