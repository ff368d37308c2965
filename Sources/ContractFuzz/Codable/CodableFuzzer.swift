public import ContractKit
public import Foundation
import JSONSchema

/// Fuzzes `Codable` models against the contract: the JSON an endpoint answers, the body it
/// accepts, or any named schema.
///
/// App models drift from the API: a field becomes nullable, a price gains cents, an enum gains a
/// case. `CodableFuzzer` finds where a model and its schema disagree before a user does. It feeds
/// the model boundary and random instances the schema allows, then one-rule-broken mutations and
/// malformed bodies, and reports each disagreement with the smallest payload that shows it:
///
/// - **stricter**: the contract allows the payload but decoding throws (fails);
/// - **looser**: the contract forbids the payload but it decodes (fails when the broken rule is
///   one of `failingRules`, by default what plain `Codable` expresses: `required`, `type`,
///   `enum`, `const`; a warning otherwise);
/// - **encodingDrift**: decoding then encoding gives JSON the schema rejects (fails);
/// - **crash** / **hang**: decoding traps or never returns, one finding per cause (fails; needs a
///   `CrashIsolation`, without which a trap ends the process like any other).
///
/// ```swift
/// import ContractTesting
///
/// let fuzzer = try CodableFuzzer(contractAt: "Contracts/restaurant.json")
/// fuzzer.fuzz(MenuResponse.self, .response(200, of: "listMenu")).recordIssues()
/// ```
///
/// Runs are reproducible: the same contract, case count and seed give the same payloads, and
/// `reproduce(_:_:caseIndex:)` replays the single case a finding names. The payloads of a schema,
/// and the contract's verdict on each, are computed once per process and shared by every model
/// fuzzed against it.
public struct CodableFuzzer: Sendable {
    public let contract: Contract
    /// Valid payloads per run; up to as many mutations and every malformed body come on top.
    public let cases: Int
    public let seed: UInt64
    /// The rules whose `looser` findings fail; the others are warnings.
    public let failingRules: FailingRules
    /// Where decoding runs; nil decodes in this process (fast, but a trap ends the run).
    public let isolation: CrashIsolation?
    /// The target of the deprecated schema-pointer API.
    var boundTarget: FuzzTarget?
    let decoder: SendableBox<JSONDecoder>
    let encoder: SendableBox<JSONEncoder>

    /// - Parameters:
    ///   - contract: the contract whose schemas the models must match.
    ///   - decoder: the decoder the app uses (its key and date strategies are part of the model).
    ///   - encoder: the encoder the app uses, for the round trip.
    ///   - cases: valid payloads per run (mutations and malformed bodies come on top).
    ///   - seed: the seed of the random payloads; the same seed gives the same payloads.
    ///   - failingRules: which broken rules make a `looser` finding fail.
    ///   - isolation: decode in a child process, so traps and hangs become findings.
    public init(
        contract: Contract, decoder: JSONDecoder = .init(), encoder: JSONEncoder = .init(), cases: Int = 200,
        seed: UInt64 = 1, failingRules: FailingRules = .codable, isolation: CrashIsolation? = nil
    ) {
        self.contract = contract
        self.decoder = SendableBox(decoder)
        self.encoder = SendableBox(encoder)
        self.cases = cases
        self.seed = seed
        self.failingRules = failingRules
        self.isolation = isolation
    }

    /// Loads the contract (or OpenAPI document) at `path`, relative to the current directory or absolute.
    ///
    /// - Throws: `ContractLoader.LoadError` with every problem of the file, located.
    public init(
        contractAt path: String, decoder: JSONDecoder = .init(), encoder: JSONEncoder = .init(),
        cases: Int = 200,
        seed: UInt64 = 1, failingRules: FailingRules = .codable, isolation: CrashIsolation? = nil
    ) throws(ContractLoader.LoadError) {
        self.init(
            contract: try ContractLoader.load(file: path), decoder: decoder, encoder: encoder, cases: cases,
            seed: seed,
            failingRules: failingRules, isolation: isolation)
    }

    /// Decodes, re-encodes and checks both directions against `target`.
    public func fuzz<Model: Codable>(_ type: Model.Type, _ target: FuzzTarget) -> FuzzReport {
        run(.roundTrip(type, decoder: decoder.value, encoder: encoder.value), target)
    }

    /// Decodes only, for models the app never encodes.
    public func fuzzDecoding<Model: Decodable>(_ type: Model.Type, _ target: FuzzTarget) -> FuzzReport {
        run(.decoding(type, decoder: decoder.value), target)
    }

    /// Decodes with `decode`, the app's own decoding code, instead of this fuzzer's `decoder`: for
    /// models whose rules live outside a `JSONDecoder`'s settings, such as the types
    /// swift-openapi-generator generates, decoded with the runtime's date rules:
    ///
    /// ```swift
    /// fuzzer.fuzzDecoding(Components.Schemas.Pet.self, .schema("Pet")) { data in
    ///     try clientDecoder.decode(Components.Schemas.Pet.self, from: data)
    /// }
    /// ```
    public func fuzzDecoding<Model: Decodable>(
        _ type: Model.Type, _ target: FuzzTarget, decode: @escaping @Sendable (Data) throws -> Model
    ) -> FuzzReport {
        run(.decoding(type, decode: decode), target)
    }

    /// Decodes with `decode` and re-encodes with `encode`, the app's own coding code (see
    /// ``fuzzDecoding(_:_:decode:)``), checking both directions against `target`.
    public func fuzz<Model: Codable>(
        _ type: Model.Type, _ target: FuzzTarget, decode: @escaping @Sendable (Data) throws -> Model,
        encode: @escaping @Sendable (Model) throws -> Data
    ) -> FuzzReport {
        run(.roundTrip(type, decode: decode, encode: encode), target)
    }

    /// The body of the response with `status` of `endpoint`: `fuzz(MenuResponse.self, response: 200, of: "listMenu")`.
    public func fuzz<Model: Codable>(_ type: Model.Type, response status: Int, of endpoint: String)
        -> FuzzReport
    {
        fuzz(type, .response(status, of: endpoint))
    }

    /// A named schema of the contract: `fuzz(MenuItem.self, schema: "MenuItem")`.
    public func fuzz<Model: Codable>(_ type: Model.Type, schema: String) -> FuzzReport {
        fuzz(type, .schema(schema))
    }

    /// The request body of `endpoint`, decoded and re-encoded (see also `checkEncoding(_:_:)`).
    public func fuzz<Model: Codable>(_ type: Model.Type, requestBodyOf endpoint: String) -> FuzzReport {
        fuzz(type, .requestBody(of: endpoint))
    }

    /// Fuzzes any harness, such as one with a custom decoding function.
    public func run(_ harness: ModelHarness, _ target: FuzzTarget) -> FuzzReport {
        FuzzRun(fuzzer: self, harness: harness, target: target).run(caseIndex: nil)
    }

    /// Replays the single case `caseIndex` of a run with this fuzzer's seed and case count: what a
    /// finding's `reproduction` prints. Crash and hang findings need the same `isolation`.
    public func reproduce<Model: Codable>(_ type: Model.Type, _ target: FuzzTarget, caseIndex: Int)
        -> FuzzReport
    {
        reproduce(
            .roundTrip(type, decoder: decoder.value, encoder: encoder.value), target, caseIndex: caseIndex)
    }

    /// `reproduce` for a decode-only model.
    public func reproduceDecoding<Model: Decodable>(_ type: Model.Type, _ target: FuzzTarget, caseIndex: Int)
        -> FuzzReport
    {
        reproduce(.decoding(type, decoder: decoder.value), target, caseIndex: caseIndex)
    }

    /// `reproduce` for any harness.
    public func reproduce(_ harness: ModelHarness, _ target: FuzzTarget, caseIndex: Int) -> FuzzReport {
        FuzzRun(fuzzer: self, harness: harness, target: target).run(caseIndex: caseIndex)
    }

    /// The payloads a run against `target` decodes, in case order (what `caseIndex` counts): for
    /// a look at what the fuzzer sends, or to time a bare decoder on the same bytes.
    ///
    /// - Throws: `FuzzTargetError` or the schema's compile error, rendered, when the target cannot be fuzzed.
    public func payloads(_ target: FuzzTarget) throws -> [FuzzPayload] {
        do {
            return try PreparedTarget.make(contract: contract, target: target, cases: cases, seed: seed)
                .cases(count: cases, seed: seed).map(\.payload)
        } catch {
            throw FuzzTargetProblem(description: "cannot fuzz against \(target): \(error)")
        }
    }

    /// Checks request bodies the app builds: each value is encoded and validated against `target`
    /// (typically `.requestBody(of: "placeOrder")`).
    ///
    /// Request models are built by the app, not decoded, so what matters is that every body the
    /// app can build is one the server accepts.
    public func checkEncoding<Model: Encodable>(_ values: [Model], _ target: FuzzTarget) -> FuzzReport {
        let typeName = ModelHarness.name(of: Model.self)
        let prepared: PreparedTarget
        do {
            prepared = try PreparedTarget.make(contract: contract, target: target, cases: 0, seed: seed)
        } catch {
            return FuzzReport(
                typeName: typeName, findings: [], casesRun: 0, seed: seed, problem: "\(target): \(error)")
        }
        var findings: [CodableFinding] = []
        var seen: Set<String> = []
        for (index, value) in values.enumerated() {
            let detail: String
            let pointer: JSONPointer
            var rule: SchemaRule?
            var payload = "\(value)"
            do {
                let encoded = try JSONParser.parse(Array(try encoder.value.encode(value)))
                guard let error = prepared.schema.validate(encoded).errors.first else { continue }
                payload = JSONSerializer().string(encoded)
                pointer = error.instanceLocation
                rule = SchemaRule(rawValue: error.keyword)
                detail =
                    "\(payload) breaks `\(error.keyword)` of \(prepared.name) at \(pointer.displayText): \(error.message)"
            } catch {
                pointer = .root
                detail = "encoding \(payload) failed: \(error)"
            }
            guard seen.insert(CaseJudge.pattern(pointer) + detail).inserted else { continue }
            findings.append(
                CodableFinding(
                    kind: .encodingDrift, typeName: typeName, schemaName: prepared.name, rule: rule,
                    payload: payload,
                    originalPayload: payload, pointer: pointer,
                    message: "\(typeName) encodes a body the contract rejects: \(detail)", seed: seed,
                    caseIndex: index,
                    cases: values.count, isFailure: true, reproduction: "checkEncoding of value \(index)"))
        }
        return FuzzReport(typeName: typeName, findings: findings, casesRun: values.count, seed: seed)
    }
}
