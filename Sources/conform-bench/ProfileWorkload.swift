import ContractCompat
import ContractKit
import JSONSchema

/// A small, fixed workload for `valgrind --tool=callgrind`, which counts instructions repeatably
/// where wall-clock figures on a shared machine cannot: a 1 MB document parsed, or validated, 3
/// times.
enum ProfileWorkload {
    static let phases = [
        "parser", "validator", "tape", "tape-validator", "tape-heavy", "escaped-tape", "escaped-validator",
        "corpus-tape", "corpus-validator", "race", "compat",
    ]

    static func run(_ argument: String) throws {
        let phase = String(argument.prefix { $0 != ":" })
        let only = argument.split(separator: ":", maxSplits: 1).dropFirst().first.map(String.init)
        switch phase {
        case "validator", "tape-validator": try menu(onTape: phase == "tape-validator")
        case "tape-heavy":
            let schema = try Schema(try JSONParser.parse(HeavySchemaFixture.schema))
            let tape = try JSONTape.parse(HeavySchemaFixture.instance(bytes: 300_000))
            for _ in 0..<3 where !schema.isValid(tape) { throw BenchFailure("the heavy instance is invalid") }
        case "tape":
            let menu = MenuFixture.menu(bytes: 1_000_000)
            for _ in 0..<3 { _ = try JSONTape.parse(menu) }
        case "escaped-tape", "escaped-validator":
            try corpus([.escapedMenu(bytes: 1_000_000)], validating: phase == "escaped-validator")
        case "corpus-tape", "corpus-validator":
            let files = CorpusDocument.corpus()
            if let missing = files.missing { throw BenchFailure(missing) }
            let chosen = files.documents.filter { only == nil || $0.name == only }
            guard !chosen.isEmpty else { throw BenchFailure("no corpus file named \(only ?? "")") }
            try corpus(chosen, validating: phase == "corpus-validator")
        case "race": try race(only)
        case "compat": try compat(folder: only)
        default:
            let menu = MenuFixture.menu(bytes: 1_000_000)
            for _ in 0..<3 { _ = try JSONParser.parse(menu) }
        }
    }

    /// The Restaurant menu against `MenuResponse`, on `JSONValue` or on the tape.
    private static func menu(onTape: Bool) throws {
        let menu = MenuFixture.menu(bytes: 1_000_000)
        let contract = try ContractLoader.load(file: "Contracts/restaurant.json")
        let schema = try Schema(
            document: contract.document, at: JSONPointer(tokens: ["schemas", "MenuResponse"]),
            baseURI: contract.baseURI)
        if onTape {
            let tape = try JSONTape.parse(menu)
            for _ in 0..<3 where !schema.isValid(tape) { throw BenchFailure("the profiling menu is invalid") }
        } else {
            let value = try JSONParser.parse(menu)
            for _ in 0..<3 where !schema.validate(value).isValid {
                throw BenchFailure("the profiling menu is invalid")
            }
        }
    }

    /// One race document of issue #38 (25 MB, `race:twitter.json`, `race:deeply nested`) validated
    /// once through `Schema.isValid(json:)`, the path `conform validate` takes for a valid document.
    private static func race(_ name: String?) throws {
        let documents = CorpusDocument.all(bytes: 0).documents
        guard let document = documents.first(where: { $0.name == name }) else {
            throw BenchFailure("race: takes one of \(documents.map(\.name).joined(separator: ", "))")
        }
        let (bytes, text) = document.large(25_000_000)
        let schema = try Schema(try JSONParser.parse(text), options: SchemaOptions(assertsFormats: true))
        guard try schema.isValid(json: bytes) else { throw BenchFailure("\(document.name) is invalid") }
    }

    /// The 3 MB compat pair that `--write-compat-pair FOLDER` wrote, read one side after the other
    /// and compared once: the bench row's work without the CLI's signal thread, which valgrind
    /// cannot run.
    private static func compat(folder: String?) throws {
        guard let folder else { throw BenchFailure("compat: takes the folder --write-compat-pair wrote") }
        let old = try DescriptionLoader.load(.file(folder + "/large-old.json"))
        let new = try DescriptionLoader.load(.file(folder + "/large-new.json"))
        guard !CompatCheck().compare(old, new).changes.isEmpty else {
            throw BenchFailure("the compat pair in \(folder) has no changes")
        }
    }

    /// Each document parsed to a tape 3 times, or validated (parse included) against its schema.
    private static func corpus(_ documents: [CorpusDocument], validating: Bool) throws {
        for document in documents {
            if validating {
                let schema = try Schema(
                    try JSONParser.parse(document.schema), options: SchemaOptions(assertsFormats: true))
                for _ in 0..<3 where !(try schema.validate(json: document.bytes).isValid) {
                    throw BenchFailure("\(document.name) is invalid for its schema")
                }
            } else {
                for _ in 0..<3 { _ = try JSONTape.parse(document.bytes) }
            }
        }
    }
}
