import ConformHTTP
import Foundation
import JSONSchema

/// Validation throughput on the 10 MB menu against the Restaurant contract's `MenuResponse`, the
/// schema-heavy case, schema compile time, and `conform validate` as a whole process.
///
/// The ratio column compares with Foundation merely parsing the same bytes, measured alongside, so
/// that a slower machine moves both figures together.
struct ValidatorBench {
    let contractDocument: JSONValue
    let contractBaseURI: String
    let menu: [UInt8]
    let heavyInstance: [UInt8]
    let repetitions: Int
    let process: ProcessTimer?

    func run() throws -> [BenchRow] {
        let menuPointer = JSONPointer(tokens: ["schemas", "MenuResponse"])
        let menuSchema = try Schema(document: contractDocument, at: menuPointer, baseURI: contractBaseURI)
        let heavyDocument = try JSONParser.parse(HeavySchemaFixture.schema)
        let heavySchema = try Schema(heavyDocument)
        let menuValue = try JSONParser.parse(menu)
        let heavyValue = try JSONParser.parse(heavyInstance)
        guard menuSchema.isValid(menuValue), heavySchema.isValid(heavyValue) else {
            throw BenchFailure("a fixture is not valid for its schema; the bench itself is wrong")
        }
        let menuData = Data(menu)
        let foundation = try median {
            _ = try JSONSerialization.jsonObject(with: menuData, options: [])
        }
        let foundationRate = megabytes(menu.count) / foundation

        let rates = try throughput(
            menuSchema: menuSchema, heavySchema: heavySchema, menuValue: menuValue, heavyValue: heavyValue)
        let compileMenu = try median(times: 20) {
            _ = try Schema(document: contractDocument, at: menuPointer, baseURI: contractBaseURI)
        }
        let compileHeavy = try median(times: 20) { _ = try Schema(heavyDocument) }
        var rows = rateRows(rates, foundationRate: foundationRate)
        rows.append(
            BenchRow(
                area: "Validator", name: "compile MenuResponse / schema-heavy",
                measured: "\(Figure.milliseconds(compileMenu)) / \(Figure.milliseconds(compileHeavy))",
                baseline: "–", ratio: "–", target: "–", met: nil))
        if let process {
            rows.append(try wholeProcess(process))
            rows.append(try PythonRace(process: process, repetitions: repetitions).menuRow(bytes: 24_000_000))
        }
        return rows
    }

    /// The throughput rows, each beside Foundation merely parsing the same menu.
    private func rateRows(_ rates: Rates, foundationRate: Double) -> [BenchRow] {
        let baseline = "JSONSerialization parse \(Figure.megabytesPerSecond(foundationRate))"
        return [
            BenchRow(
                area: "Validator", name: "menu vs MenuResponse on the tape, parse excluded",
                measured: Figure.megabytesPerSecond(rates.tapeExcluded), baseline: baseline,
                ratio: Figure.times(rates.tapeExcluded / foundationRate), target: "≥ 350 MB/s",
                met: rates.tapeExcluded >= 350),
            BenchRow(
                area: "Validator", name: "menu vs MenuResponse, validate(json:) (tape parse included)",
                measured: Figure.megabytesPerSecond(rates.tapeIncluded), baseline: baseline,
                ratio: Figure.times(rates.tapeIncluded / foundationRate), target: "–", met: nil),
            BenchRow(
                area: "Validator",
                name:
                    "schema-heavy on the tape, \(Figure.megabytes(Double(heavyInstance.count)))",
                measured: Figure.megabytesPerSecond(rates.tapeHeavy), baseline: baseline,
                ratio: Figure.times(rates.tapeHeavy / foundationRate), target: "≥ 60 MB/s",
                met: rates.tapeHeavy >= 60),
            BenchRow(
                area: "Validator", name: "menu vs MenuResponse on JSONValue, parse excluded",
                measured: Figure.megabytesPerSecond(rates.excluded), baseline: baseline,
                ratio: Figure.times(rates.excluded / foundationRate), target: "–", met: nil),
            BenchRow(
                area: "Validator", name: "menu vs MenuResponse, parse included",
                measured: Figure.megabytesPerSecond(rates.included), baseline: baseline,
                ratio: Figure.times(rates.included / foundationRate), target: "–", met: nil),
            BenchRow(
                area: "Validator",
                name:
                    "schema-heavy ($ref, oneOf, unevaluatedProperties), \(Figure.megabytes(Double(heavyInstance.count)))",
                measured: Figure.megabytesPerSecond(rates.heavy), baseline: baseline,
                ratio: Figure.times(rates.heavy / foundationRate), target: "–", met: nil),
        ]
    }

    /// MB/s of each validation path, medians over the repetitions, measured alternately.
    private func throughput(
        menuSchema: Schema, heavySchema: Schema, menuValue: JSONValue, heavyValue: JSONValue
    )
        throws -> Rates
    {
        let menuTape = try JSONTape.parse(menu)
        let heavyTape = try JSONTape.parse(heavyInstance)
        guard menuSchema.isValid(menuTape), heavySchema.isValid(heavyTape) else {
            throw BenchFailure("the tape validator rejects a valid fixture")
        }
        var excluded: [Double] = []
        var included: [Double] = []
        var heavy: [Double] = []
        var tapeExcluded: [Double] = []
        var tapeIncluded: [Double] = []
        var tapeHeavy: [Double] = []
        for _ in 0..<repetitions {
            excluded.append(Stopwatch.time { _ = menuSchema.validate(menuValue) })
            included.append(try Stopwatch.time { _ = menuSchema.validate(try JSONParser.parse(menu)) })
            heavy.append(Stopwatch.time { _ = heavySchema.validate(heavyValue) })
            tapeExcluded.append(Stopwatch.time { _ = menuSchema.isValid(menuTape) })
            tapeIncluded.append(try Stopwatch.time { _ = try menuSchema.validate(json: menu) })
            tapeHeavy.append(Stopwatch.time { _ = heavySchema.isValid(heavyTape) })
        }
        return Rates(
            excluded: megabytes(menu.count) / Stopwatch.median(excluded),
            included: megabytes(menu.count) / Stopwatch.median(included),
            heavy: megabytes(heavyInstance.count) / Stopwatch.median(heavy),
            tapeExcluded: megabytes(menu.count) / Stopwatch.median(tapeExcluded),
            tapeIncluded: megabytes(menu.count) / Stopwatch.median(tapeIncluded),
            tapeHeavy: megabytes(heavyInstance.count) / Stopwatch.median(tapeHeavy))
    }

    /// The validation rates, MB/s.
    private struct Rates {
        var excluded, included, heavy, tapeExcluded, tapeIncluded, tapeHeavy: Double
    }

    /// `conform validate --schema Contracts/restaurant.json#/schemas/MenuResponse menu.json`,
    /// against `conform --version` (process start-up alone) run alongside.
    private func wholeProcess(_ process: ProcessTimer) throws -> BenchRow {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("conform-bench-menu.json")
        try Data(menu).write(to: file, options: .atomic)
        defer { try? FileManager.default.removeItem(at: file) }
        let arguments = [
            "validate", "--schema", "Contracts/restaurant.json#/schemas/MenuResponse", file.path,
        ]
        let validate = try process.median(arguments, repetitions: repetitions)
        let startUp = try process.median(["--version"], repetitions: repetitions)
        return BenchRow(
            area: "Validator",
            name: "conform validate … \(Figure.megabytes(Double(menu.count))) menu (process)",
            measured: Figure.milliseconds(validate),
            baseline: "conform --version \(Figure.milliseconds(startUp))",
            ratio: Figure.times(validate / startUp), target: "< 500 ms", met: validate < 0.5)
    }

    private func megabytes(_ count: Int) -> Double { Double(count) / 1_000_000 }

    private func median(times: Int? = nil, _ body: () throws -> Void) throws -> Double {
        var samples: [Double] = []
        for _ in 0..<(times ?? repetitions) { samples.append(try Stopwatch.time(body)) }
        return Stopwatch.median(samples)
    }
}
