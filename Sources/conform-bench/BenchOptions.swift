/// Command-line settings of `conform-bench`.
struct BenchOptions: Sendable {
    /// Fewer repetitions and smaller inputs, to finish in under a minute.
    var quick = false
    /// Where the Markdown report goes.
    var reportPath = "Reports/bench.md"
    /// Set when re-launched as the memory probe: the body size in bytes to parse and validate.
    var memoryChildBytes: Int?
    /// The memory probe's document: `menu` (the Restaurant menu) or a `CorpusDocument` name.
    var memoryDocument = "menu"
    /// Set when re-launched as a small launcher that runs this command and prints its peak
    /// resident bytes (`--peak-memory-of PROGRAM ARGUMENTS…`; see `ProcessTimer.peakMemory`).
    var peakMemoryCommand: [String]?
    /// Set for `--profile PHASE`: one small, uninstrumented-friendly workload to run under
    /// `valgrind --tool=callgrind`, without baselines or child processes.
    var profile: String?
    /// Set for `--write-compat-pair FOLDER`: write the pairs the compat phase compares (the year of
    /// changes, `year-old.json` and `year-new.json`; the 3 MB pair, `large-old.json` and
    /// `large-new.json`) and exit, to run `conform compat` on them by hand.
    var compatPairFolder: String?
    /// Set when re-launched as the response-body memory probe: the document and schema files.
    var responseMemoryChild: (document: String, schema: String)?
    /// Set for `--write-documents DIR`: the race documents and their schemas are written there.
    var documentsDirectory: String?
    /// Phases to run; empty runs all (`--only parser,replay`), for profiling one phase.
    var only: Set<String> = []

    static let phases = [
        "parser", "validator", "corpus", "replay", "proxy", "fuzz", "memory", "startup", "compat",
        "serverfuzz", "validate-race", "validate-memory",
    ]

    func runs(_ phase: String) -> Bool { only.isEmpty || only.contains(phase) }

    var repetitions: Int { quick ? 3 : 5 }

    static let usage = """
        OVERVIEW: Measures Conform's hot paths against side-by-side baselines and writes Reports/bench.md.

        USAGE: swift run -c release conform-bench [--quick] [--report PATH]

        Build the CLI in the same configuration first, because the start-up and whole-process figures
        run the `conform` binary found beside this executable:

            swift build -c release --product conform
            swift build -c release --product conform-bench
            .build/release/conform-bench --quick

        Run it from the package root (it reads Contracts/restaurant.json). The corpus phase also reads
        ../shared/json-benchmark-corpus (its rows are skipped, with one line, without it) and races
        python3 with orjson and jsonschema_rs when both import (pip install orjson jsonschema_rs).

        OPTIONS:
          --quick          3 repetitions and smaller inputs (under a minute)
          --report PATH    where to write the Markdown report (default Reports/bench.md)
          --only PHASES    comma-separated subset of \(phases.joined(separator: ", "))
          --write-compat-pair FOLDER
                           write the descriptions the compat phase compares (year-old.json and
                           year-new.json, 1.2 MB a year apart; large-old.json and large-new.json,
                           3 MB) and exit
          --profile PHASE  a small fixed workload for callgrind, one of
                           \(ProfileWorkload.phases.prefix(5).joined(separator: ", "))
                           \(ProfileWorkload.phases.dropFirst(5).joined(separator: ", "));
                           corpus-tape:FILE and corpus-validator:FILE take one file, race:NAME one
                           25 MB race document (escaped menu, twitter.json, deeply nested, ...),
                           compat:FOLDER the 3 MB pair --write-compat-pair wrote there, e.g.
                           valgrind --tool=callgrind .build/release/conform-bench --profile corpus-tape:canada.json
          --write-documents DIR
                           write the 25 MB race documents and their schemas into DIR
          -h, --help       show this help

        EXIT CODES: 0 the bench ran (targets met or not), 2 usage error or missing inputs.
        """

    /// Parses `arguments` (without the program name); nil means help was printed.
    static func parse(_ arguments: [String]) throws(BenchFailure) -> BenchOptions? {
        var options = BenchOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick": options.quick = true
            case "--report":
                guard let path = remaining.popFirst() else { throw BenchFailure("--report needs a path") }
                options.reportPath = path
            case "--memory-child":
                guard let text = remaining.popFirst(), let bytes = Int(text) else {
                    throw BenchFailure("--memory-child needs a byte count")
                }
                options.memoryChildBytes = bytes
            case "--memory-document":
                guard let name = remaining.popFirst() else {
                    throw BenchFailure("--memory-document needs a name")
                }
                options.memoryDocument = name
            case "--peak-memory-of":
                guard !remaining.isEmpty else { throw BenchFailure("--peak-memory-of needs a program") }
                options.peakMemoryCommand = Array(remaining)
                remaining = []
            case "--profile":
                guard let phase = remaining.popFirst(),
                    ProfileWorkload.phases.contains(String(phase.prefix { $0 != ":" }))
                else {
                    throw BenchFailure("--profile takes \(ProfileWorkload.phases.joined(separator: ", "))")
                }
                options.profile = phase
            case "--write-compat-pair":
                guard let folder = remaining.popFirst() else {
                    throw BenchFailure("--write-compat-pair needs a folder")
                }
                options.compatPairFolder = folder
            case "--only":
                guard let list = remaining.popFirst() else { throw BenchFailure("--only needs phase names") }
                let names = Set(list.split(separator: ",").map(String.init))
                guard names.isSubset(of: phases) else {
                    throw BenchFailure("--only takes \(phases.joined(separator: ", "))")
                }
                options.only = names
            case "--response-memory-child":
                guard let document = remaining.popFirst(), let schema = remaining.popFirst() else {
                    throw BenchFailure("--response-memory-child needs a document and a schema")
                }
                options.responseMemoryChild = (document, schema)
            case "--write-documents":
                guard let path = remaining.popFirst() else {
                    throw BenchFailure("--write-documents needs a folder")
                }
                options.documentsDirectory = path
            case "-h", "--help": return nil
            default: throw BenchFailure("unknown argument '\(argument)'; see --help")
            }
        }
        return options
    }
}

/// A reason the bench cannot run at all (as opposed to a missed target).
struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
