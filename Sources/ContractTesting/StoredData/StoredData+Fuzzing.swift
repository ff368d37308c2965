public import ContractFuzz
import ContractKit
import Foundation
import JSONSchema
public import Testing

extension StoredData {
    /// The stored format of each version in the folder, inferred from its snapshots, oldest
    /// first: what the Codable fuzzer fuzzes `type` against.
    ///
    /// The current model's shape (learned by running its `init(from:)` on made-up values) tells
    /// an enum from free text, a dictionary from an object, and a `Date` from a string.
    public func inferredFormats<Model: Codable>(of type: Model.Type) -> [StoredFormat] {
        let harness = StoredHarness.make(type, coders: coders)
        let shape = ModelShape(outcome: outcomes([StoredHarness.probeRequest], harness: harness).first)
        let inference = StoredSchemaInference(shape: shape, keys: WireKeys(coders: coders))
        var formats: [StoredFormat] = []
        for file in snapshotFolder.files() {
            guard let value = try? JSONParser.parse(file.bytes) else { continue }
            if formats.last?.version == file.version {
                formats[formats.count - 1].files.append(file.display)
            } else {
                formats.append(StoredFormat(version: file.version, files: [file.display], schema: .null))
            }
            formats[formats.count - 1].schema = .array(
                (formats[formats.count - 1].schema.arrayValue ?? []) + [value])
        }
        return formats.map { format in
            var inferred = format
            inferred.schema = inference.schema(of: format.schema.arrayValue ?? [])
            return inferred
        }
    }

    /// A Codable fuzzer whose contract holds the inferred format of every version, each under
    /// `/schemas/<version>` (fuzz against `.schema("v1")`), with the app's coders and this
    /// check's isolation: to reproduce a finding of `fuzz(_:cases:seed:)`.
    public func fuzzer<Model: Codable>(for type: Model.Type, cases: Int = 100, seed: UInt64 = 1)
        -> CodableFuzzer
    {
        let formats = inferredFormats(of: type)
        let schemas = JSONObject(formats.map { ($0.version, $0.schema) })
        let contract = Contract(
            name: "stored data in \(folder)", version: "inferred", assertsFormats: true, endpoints: [],
            document: .object(JSONObject([("schemas", .object(schemas))])))
        return CodableFuzzer(
            contract: contract, decoder: coders.decoder, encoder: coders.encoder, cases: cases, seed: seed,
            failingRules: .none, isolation: isolation)
    }

    /// Fuzzes `type` with values each old version's format allows: every one must load.
    ///
    /// Snapshots show a few values; the fuzzer tries the boundaries and random values of the
    /// format they imply (empty strings and lists, absent optional keys, every enum value seen,
    /// large numbers). A value that does not load (`stricter`), a crash or a hang fails. The
    /// model may be looser than the old format (those findings are left out) and may write a
    /// newer one (`encodingDrift`, a warning).
    ///
    /// - Returns: one report over every version; a folder without snapshots is its `problem`.
    public func fuzz<Model: Codable>(_ type: Model.Type, cases: Int = 100, seed: UInt64 = 1) -> FuzzReport {
        let typeName = String(describing: type)
        let fuzzer = fuzzer(for: type, cases: cases, seed: seed)
        let versions = (fuzzer.contract.document["schemas"]?.objectValue?.keys) ?? []
        guard !versions.isEmpty else {
            return FuzzReport(
                typeName: typeName, findings: [], casesRun: 0, seed: seed,
                problem: "no snapshots in \(folder) to infer the stored format from")
        }
        var findings: [CodableFinding] = []
        var casesRun = 0
        var problems: [String] = []
        for version in versions {
            let report = fuzzer.fuzz(type, .schema(version))
            casesRun += report.casesRun
            if let problem = report.problem { problems.append("\(version): \(problem)") }
            findings += report.findings.filter { $0.kind != .looser }.map {
                storedFinding($0, version: version, cases: cases, seed: seed)
            }
        }
        return FuzzReport(
            typeName: typeName, findings: findings, casesRun: casesRun, seed: seed,
            problem: problems.isEmpty ? nil : problems.joined(separator: "; "))
    }

    /// `fuzz(_:cases:seed:)`, recording one Swift Testing issue per failing finding.
    @discardableResult
    public func expectFuzzCompatible<Model: Codable>(
        _ type: Model.Type, cases: Int = 100, seed: UInt64 = 1,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> FuzzReport {
        let report = fuzz(type, cases: cases, seed: seed)
        report.recordIssues(sourceLocation: sourceLocation)
        return report
    }

    /// A finding in stored-data terms: the old version's format instead of "the contract", drift
    /// (the model writes a newer format) as a warning, and a reproduction through this folder.
    private func storedFinding(_ finding: CodableFinding, version: String, cases: Int, seed: UInt64)
        -> CodableFinding
    {
        var adapted = finding
        adapted.message = finding.message.replacingOccurrences(
            of: "is stricter than the contract: \(version) allows",
            with:
                "cannot load every value \(version) could store: the \(version) format inferred from \(folder) allows"
        )
        if finding.kind == .encodingDrift { adapted.isFailure = false }
        if !finding.reproduction.isEmpty {
            let method =
                finding.reproduction.contains(".reproduceDecoding(") ? "reproduceDecoding" : "reproduce"
            adapted.reproduction =
                "StoredData(\"\(folder)\").fuzzer(for: \(finding.typeName).self, cases: \(cases), seed: \(seed))"
                + ".\(method)(\(finding.typeName).self, .schema(\"\(version)\"), caseIndex: \(finding.caseIndex))"
        }
        return adapted
    }
}
