public import ContractKit
public import Foundation
public import JSONSchema

/// Fuzzes a `Codable` model against the contract schema of the JSON it decodes.
///
/// App models drift from the API: a field becomes nullable, a price gains cents, an enum gains a
/// case. `CodableFuzzer` finds where a model and its schema disagree before a user does. It feeds
/// the model boundary and random instances the schema allows, then one-rule-broken mutations and
/// malformed bodies, and reports each disagreement with the smallest payload that shows it:
///
/// - **stricter**: the contract allows the payload but decoding throws (a failure);
/// - **looser**: the contract forbids the payload but it decodes (a warning, a failure when `strict`);
/// - **encodingDrift**: decoding then encoding gives JSON the schema rejects (a failure);
/// - **crash** / **hang**: decoding traps or never returns (failures; needs a `CrashIsolation`,
///   without which a trap ends the process like any other).
///
/// ```swift
/// let fuzzer = CodableFuzzer(contract: contract, schemaPointer: JSONPointer("/schemas/MenuItem")!)
/// let report = fuzzer.fuzz(MenuItem.self)
/// #expect(report.passed, "\(report)")
/// ```
///
/// Runs are reproducible: the same contract, case count and seed give the same payloads, and
/// `reproduce(_:caseIndex:)` replays the single case a finding names.
public struct CodableFuzzer: Sendable {
    public let contract: Contract
    public let schemaPointer: JSONPointer
    /// Valid payloads per run; up to as many mutations and every malformed body come on top.
    public let cases: Int
    public let seed: UInt64
    /// Whether `looser` findings fail.
    public let strict: Bool
    /// Where decoding runs; nil decodes in this process (fast, but a trap ends the run).
    public let isolation: CrashIsolation?
    private let decoder: SendableBox<JSONDecoder>
    private let encoder: SendableBox<JSONEncoder>

    public init(
        contract: Contract, schemaPointer: JSONPointer, decoder: JSONDecoder = .init(),
        encoder: JSONEncoder = .init(), cases: Int = 200, seed: UInt64 = 1, strict: Bool = false,
        isolation: CrashIsolation? = nil
    ) {
        self.contract = contract
        self.schemaPointer = schemaPointer
        self.decoder = SendableBox(decoder)
        self.encoder = SendableBox(encoder)
        self.cases = cases
        self.seed = seed
        self.strict = strict
        self.isolation = isolation
    }

    /// Decodes, re-encodes and checks both directions.
    public func fuzz<Model: Codable>(_ type: Model.Type) -> FuzzReport {
        run(.roundTrip(type, decoder: decoder.value, encoder: encoder.value))
    }

    /// Decodes only, for models the app never encodes.
    public func fuzzDecoding<Model: Decodable>(_ type: Model.Type) -> FuzzReport {
        run(.decoding(type, decoder: decoder.value))
    }

    /// Fuzzes any harness, such as one registered with `CrashIsolation` under a custom decoder.
    public func run(_ harness: ModelHarness) -> FuzzReport {
        let payloads = plan().payloads(cases: cases, seed: seed)
        return judge(payloads.enumerated().map { ($0.offset, $0.element) }, harness: harness)
    }

    /// Replays the single case `caseIndex` of a run with this fuzzer's seed: what a finding printed.
    public func reproduce<Model: Codable>(_ type: Model.Type, caseIndex: Int) -> FuzzReport {
        let payloads = plan().payloads(cases: cases, seed: seed)
        let chosen = payloads.indices.contains(caseIndex) ? [(caseIndex, payloads[caseIndex])] : []
        return judge(chosen, harness: .roundTrip(type, decoder: decoder.value, encoder: encoder.value))
    }

    /// Checks request bodies: each value is encoded and validated against the (request) schema.
    ///
    /// Request models are built by the app, not decoded, so there is nothing to fuzz on the way
    /// in; what matters is that every body the app can build is one the server accepts.
    public func checkEncoding<Model: Encodable>(_ values: [Model]) -> FuzzReport {
        let typeName = ModelHarness.name(of: Model.self)
        let judge: CaseJudge
        do {
            judge = try makeJudge(typeName: typeName)
        } catch {
            return unusableSchema(typeName, error)
        }
        var findings: [CodableFinding] = []
        var seen: Set<String> = []
        for (index, value) in values.enumerated() {
            let detail: String
            let pointer: JSONPointer
            var payload = "\(value)"
            do {
                let encoded = try JSONParser.parse(Array(try encoder.value.encode(value)))
                guard let error = judge.schema.validate(encoded).errors.first else { continue }
                payload = JSONSerializer().string(encoded)
                pointer = error.instanceLocation
                detail =
                    "\(payload) is rejected by \(judge.schemaName) at \(pointer.displayText): \(error.message)"
            } catch {
                pointer = .root
                detail = "encoding \(payload) failed: \(error)"
            }
            guard seen.insert(CaseJudge.pattern(pointer) + detail).inserted else { continue }
            findings.append(
                CodableFinding(
                    kind: .encodingDrift, typeName: typeName, payload: payload, originalPayload: payload,
                    pointer: pointer, message: "\(typeName) encodes a body the contract rejects: \(detail)",
                    seed: seed, caseIndex: index, isFailure: true))
        }
        return FuzzReport(typeName: typeName, findings: findings, casesRun: values.count, seed: seed)
    }

    private func plan() -> PayloadPlan {
        PayloadPlan(document: contract.document, baseURI: contract.baseURI, schemaPointer: schemaPointer)
    }

    private func makeJudge(typeName: String) throws(SchemaError) -> CaseJudge {
        let schema = try ContractSchemas(contract: contract).schema(at: schemaPointer)
        return CaseJudge(
            schema: schema, schemaName: schemaPointer.displayText, typeName: typeName, strict: strict)
    }

    private func unusableSchema(_ typeName: String, _ error: SchemaError) -> FuzzReport {
        FuzzReport(
            typeName: typeName, findings: [], casesRun: 0, seed: seed,
            problem: "the contract's schema at \(schemaPointer.displayText) cannot be used: \(error)")
    }

    private func judge(_ payloads: [(index: Int, payload: FuzzPayload)], harness: ModelHarness) -> FuzzReport
    {
        let judge: CaseJudge
        do {
            judge = try makeJudge(typeName: harness.typeName)
        } catch {
            return unusableSchema(harness.typeName, error)
        }
        let session = isolation?.session(for: harness.typeName)
        defer { session?.close() }
        let runner: DecodeRunner = session.map { .isolated($0, harness) } ?? .inProcess(harness)
        let outcomes = runner.outcomes(payloads.map(\.payload.bytes))
        var findings: [CodableFinding] = []
        var seen: Set<String> = []
        for (position, outcome) in outcomes.enumerated() {
            let (index, payload) = payloads[position]
            guard let verdict = judge.verdict(value: payload.value, outcome: outcome) else { continue }
            let key = verdict.kind.rawValue + " " + CaseJudge.pattern(verdict.pointer)
            guard seen.insert(key).inserted else { continue }
            findings.append(finding(verdict, payload: payload, index: index, judge: judge, runner: runner))
        }
        return FuzzReport(
            typeName: harness.typeName, findings: findings, casesRun: outcomes.count, seed: seed)
    }

    private func finding(
        _ verdict: CaseJudge.Verdict, payload: FuzzPayload, index: Int, judge: CaseJudge, runner: DecodeRunner
    ) -> CodableFinding {
        var minimal = verdict
        var text = payload.displayText
        if let value = payload.value {
            let shrunk = judge.shrink(value, verdict: verdict, runner: runner)
            let bytes = JSONSerializer().bytes(shrunk)
            if let outcome = runner.outcomes([bytes]).first,
                let again = judge.verdict(value: shrunk, outcome: outcome),
                again.kind == verdict.kind
            {
                minimal = judge.locatingFault(again, value: shrunk, runner: runner)
                text = String(decoding: bytes, as: UTF8.self)
            }
        }
        return CodableFinding(
            kind: minimal.kind, typeName: judge.typeName, payload: text, originalPayload: payload.displayText,
            pointer: minimal.pointer,
            message: judge.message(minimal, payload: text)
                + " [\(payload.origin), seed \(seed), case \(index)]",
            seed: seed, caseIndex: index, isFailure: judge.isFailure(minimal.kind))
    }
}
