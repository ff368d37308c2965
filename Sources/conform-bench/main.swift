import ConformHTTP
import ContractKit
import Foundation
import JSONSchema

/// `conform-bench`: runs every phase, prints the table and writes the report.
///
/// Phases that need the `conform` binary are reported as skipped (not failed) when it has not been
/// built, so the library figures are still available.
@MainActor
func runBench(_ options: BenchOptions) async throws {
    let contractPath = "Contracts/restaurant.json"
    guard FileManager.default.fileExists(atPath: contractPath) else {
        throw BenchFailure("run from the package root: \(contractPath) not found")
    }
    let contract = try ContractLoader.load(file: contractPath)
    let process: ProcessTimer?
    var notes: [String] = []
    do {
        process = try ProcessTimer.locate()
    } catch {
        process = nil
        notes.append("Whole-process and start-up figures skipped: \(error)")
    }
    let clock = ContinuousClock()
    let started = clock.now
    let log: (String) -> Void = { phase in
        let elapsed = Figure.fixed(Stopwatch.seconds(clock.now - started))
        FileHandle.standardError.write(Data("conform-bench: [\(elapsed) s] \(phase)\n".utf8))
    }
    let rows = try await runPhases(options, contract: contract, process: process, notes: &notes, log: log)
    notes += [
        "Memory: growth of VmHWM in a child process over its resident size before the body existed "
            + "(so the body itself counts), divided by the body size.",
        "Validator and corpus rows: see docs/benchmarks.md for the callgrind hot spots.",
    ]
    let report = ReportWriter(rows: rows, quick: options.quick, notes: notes)
    print(report.terminalTable)
    try report.write(to: options.reportPath)
    log("wrote \(options.reportPath)")
}

/// The rows of the phases on JSON itself: the parser, the validator and the corpus.
func jsonPhases(
    _ options: BenchOptions, contract: Contract, process: ProcessTimer?, notes: inout [String],
    log: (String) -> Void
) throws -> [BenchRow] {
    let menu = MenuFixture.menu(bytes: 10_000_000)
    let small = MenuFixture.smallBodies(count: options.quick ? 5_000 : 10_000)
    let repetitions = options.repetitions
    var rows: [BenchRow] = []
    if options.runs("parser") {
        log("parser")
        rows += try ParserBench(menu: menu, smallBodies: small, repetitions: repetitions).run()
    }
    if options.runs("validator") {
        log("validator")
        rows += try ValidatorBench(
            contractDocument: contract.document, contractBaseURI: contract.baseURI, menu: menu,
            heavyInstance: HeavySchemaFixture.instance(bytes: options.quick ? 1_000_000 : 2_000_000),
            repetitions: repetitions, process: process
        ).run()
    }
    if options.runs("corpus") {
        log("corpus")
        let (documents, missing) = CorpusDocument.all(bytes: 10_000_000)
        if let missing { notes.append(missing) }
        rows += try CorpusBench(
            documents: documents, repetitions: repetitions, process: process, raceBytes: 25_000_000
        ).run()
    }
    return rows
}

/// The rows of every phase `options` selects, in the report's order.
@MainActor
func runPhases(
    _ options: BenchOptions, contract: Contract, process: ProcessTimer?, notes: inout [String],
    log: (String) -> Void
) async throws -> [BenchRow] {
    var rows = try jsonPhases(options, contract: contract, process: process, notes: &notes, log: log)
    let repetitions = options.repetitions
    if options.runs("replay") {
        log("replay")
        let replayContract = try ReplayFixture.contract(
            from: contract.document, count: options.quick ? 200 : 400)
        rows += try await ReplayBench(contract: replayContract, repetitions: repetitions).run()
    }
    if options.runs("proxy") {
        log("proxy")
        rows += try await ProxyBench(contract: contract, options: options).run()
    }
    if options.runs("fuzz") {
        log("codable fuzz")
        rows += try FuzzBench(
            contractDocument: contract.document, contractBaseURI: contract.baseURI,
            cases: options.quick ? 300 : 1_000,
            repetitions: repetitions
        ).run()
    }
    if options.runs("memory") {
        log("memory")
        rows += try MemoryBench(bodyBytes: 50_000_000).run()
    }
    if options.runs("compat") {
        log("compat")
        rows += try await CompatBench(repetitions: repetitions).run()
        if let process { rows += try CompatYearBench(process: process, repetitions: repetitions).run() }
    }
    if let process, options.runs("serverfuzz") {
        log("server fuzz")
        rows += try ServerFuzzBench(process: process, repetitions: repetitions).run()
    }
    if let process, options.runs("validate-race") || options.runs("validate-memory") {
        log("validate race and memory (#38)")
        rows += try ValidateRaceBench(
            process: process, repetitions: repetitions, race: options.runs("validate-race"),
            memory: options.runs("validate-memory")
        ).run()
    }
    if let process, options.runs("startup") {
        log("start-up")
        rows += try StartupBench(process: process, repetitions: repetitions).run()
    }
    return rows
}

do {
    guard let options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
        print(BenchOptions.usage)
        exit(0)
    }
    if let folder = options.compatPairFolder {
        try CompatYearBench.writePair(to: folder)
        try CompatBench.writePair(to: folder)
        exit(0)
    }
    if let phase = options.profile {
        try ProfileWorkload.run(phase)
        exit(0)
    }
    if let (document, schema) = options.responseMemoryChild {
        try MemoryBench.responseProbe(document: document, schema: schema)
        exit(0)
    }
    if let directory = options.documentsDirectory {
        let written = try RaceDocuments.write(bytes: 25_000_000, into: URL(fileURLWithPath: directory))
        for file in written.files { print(file.bytes, file.document, file.schema) }
        if let missing = written.missing { print(missing) }
        exit(0)
    }
    if let command = options.peakMemoryCommand, let program = command.first {
        let measured = try ProcessTimer.measure(URL(fileURLWithPath: program), Array(command.dropFirst()))
        print(measured.status, measured.peakBytes)
        exit(0)
    }
    if let bytes = options.memoryChildBytes {
        try MemoryBench.probe(
            bytes: bytes, document: options.memoryDocument, contractPath: "Contracts/restaurant.json")
        exit(0)
    }
    try await runBench(options)
} catch {
    FileHandle.standardError.write(Data("conform-bench: error: \(error)\n".utf8))
    exit(2)
}
