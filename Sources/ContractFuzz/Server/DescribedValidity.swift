import ContractKit
import JSONSchema
import SchemaGeneration

/// What the fuzzer calls valid once the description's words and examples are heard as well as its
/// schemas: a copy of the contract document whose request schemas also say what the words say
/// plainly, used to generate and judge valid requests (invalid ones are still built from the
/// schemas alone, so a value the words rule out but the schema allows is never sent as invalid).
///
/// The rules, most telling first:
/// - **Words Conform reads** (``DescribedValues``): a listed set of values becomes an `enum`, a
///   bound a `minimum` or `maximum` (keywords the schema already has are kept).
/// - **A free string with examples** (a string without `pattern`, `format` or `enum`): its
///   examples show a shape the type does not say (`"0 0 * * *"` for a cron expression,
///   `"America/New_York"` for a time zone), so valid requests take their values from `example`,
///   `examples` and `default`; `""` is not called a valid cron expression.
/// - **Words Conform cannot read** ("must be a valid kernel name"): the examples and default are
///   the valid values; without any, an optional parameter or property is left out of valid
///   requests, and a required one makes its requests probes (judged by the declared responses,
///   never as valid data).
/// - **"Required" in words only** ("Not required for anonymous block documents"): an optional
///   parameter or property is always sent, and never as `null`.
struct DescribedValidity: Sendable {
    /// How valid requests treat a parameter the words restrict.
    enum ParameterRule: Sendable, Equatable {
        /// The words say it is sometimes required: every valid request carries it.
        case alwaysSend
        /// The words restrict it in a way not read, and it is optional: valid requests leave it out.
        case leaveOut
        /// The words restrict it in a way not read, and it is required: its requests are probes.
        case probe(String)
    }

    /// The refined document's compiled schemas and generator (the contract's own when nothing
    /// was refined).
    let schemas: ContractSchemas
    let generator: InstanceGenerator
    /// Rules by ``key(_:_:)``.
    let parameterRules: [String: ParameterRule]
    /// By request schema pointer: required properties whose words restrict them in a way not read,
    /// each with the words; a body holding one is a probe.
    let probeProperties: [JSONPointer: [(name: String, words: String)]]

    /// The key of `parameter` of `endpoint` in ``parameterRules``.
    static func key(_ endpoint: Endpoint, _ parameter: Parameter) -> String {
        "\(endpoint.id) \(parameter.location.rawValue) \(parameter.name)"
    }

    /// The rule for `parameter` of `endpoint`, if its words make one.
    func rule(_ endpoint: Endpoint, _ parameter: Parameter) -> ParameterRule? {
        parameterRules[Self.key(endpoint, parameter)]
    }

    /// The schemas alone, words unheard: what a generator built without a fuzzer uses.
    init(plain schemas: ContractSchemas, generator: InstanceGenerator) {
        self.schemas = schemas
        self.generator = generator
        self.parameterRules = [:]
        self.probeProperties = [:]
    }

    /// The validity of `contract`, whose own schemas and generator are `schemas` and `generator`.
    init(contract: Contract, schemas: ContractSchemas, generator: InstanceGenerator) {
        var builder = DescribedValidityBuilder(contract: contract, schemas: schemas)
        builder.refine()
        self.parameterRules = builder.parameterRules
        self.probeProperties = builder.probeProperties
        guard builder.document != contract.document else {
            self.schemas = schemas
            self.generator = generator
            return
        }
        var refined = contract
        refined.document = builder.document
        self.schemas = ContractSchemas(contract: refined)
        self.generator = InstanceGenerator(
            document: builder.document, baseURI: contract.baseURI, configuration: generator.configuration)
    }

    /// The words of the first required property `body` holds whose restriction Conform cannot read,
    /// with its name; nil when there is none.
    func unreadProperty(in body: JSONValue, schemaAt pointer: JSONPointer) -> (name: String, words: String)? {
        guard let names = probeProperties[pointer], !names.isEmpty else { return nil }
        return names.first { Self.holds(body, key: $0.name, budget: 2_000) }
    }

    private static func holds(_ value: JSONValue, key: String, budget: Int) -> Bool {
        var remaining = budget
        var stack = [value]
        while let current = stack.popLast(), remaining > 0 {
            remaining -= 1
            switch current {
            case .object(let object):
                if object[key] != nil { return true }
                stack += object.members.map(\.value)
            case .array(let elements):
                stack += elements
            default:
                break
            }
        }
        return false
    }
}
