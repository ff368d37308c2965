public import ContractKit
public import Foundation
public import JSONSchema

/// The first API, one fuzzer per schema pointer, kept so existing suites still compile; new code
/// names the target per call (`fuzz(MenuItem.self, schema: "MenuItem")`).
extension CodableFuzzer {
    /// A fuzzer bound to the schema at `schemaPointer`; `strict: true` fails on every broken rule.
    @available(
        *, deprecated,
        message: "use init(contract:cases:seed:failingRules:isolation:) and name the target per call"
    )
    public init(
        contract: Contract, schemaPointer: JSONPointer, decoder: JSONDecoder = .init(),
        encoder: JSONEncoder = .init(), cases: Int = 200, seed: UInt64 = 1, strict: Bool = false,
        isolation: CrashIsolation? = nil
    ) {
        self.init(
            contract: contract, decoder: decoder, encoder: encoder, cases: cases, seed: seed,
            failingRules: strict ? .all : .codable, isolation: isolation)
        self.boundTarget = .pointer(schemaPointer)
    }

    private var target: FuzzTarget { boundTarget ?? .unbound }

    @available(*, deprecated, message: "use fuzz(_:_:) with a FuzzTarget")
    public func fuzz<Model: Codable>(_ type: Model.Type) -> FuzzReport { fuzz(type, target) }

    @available(*, deprecated, message: "use fuzzDecoding(_:_:) with a FuzzTarget")
    public func fuzzDecoding<Model: Decodable>(_ type: Model.Type) -> FuzzReport {
        fuzzDecoding(type, target)
    }

    @available(*, deprecated, message: "use reproduce(_:_:caseIndex:) with a FuzzTarget")
    public func reproduce<Model: Codable>(_ type: Model.Type, caseIndex: Int) -> FuzzReport {
        reproduce(type, target, caseIndex: caseIndex)
    }

    @available(*, deprecated, message: "use checkEncoding(_:_:) with a FuzzTarget")
    public func checkEncoding<Model: Encodable>(_ values: [Model]) -> FuzzReport {
        checkEncoding(values, target)
    }
}
