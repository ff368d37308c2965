import ContractKit
import JSONSchema

/// Which value each parameter takes next among its boundary values: the schema's edges (the bounds,
/// every enum member, the empty and the longest string) that the request carries faithfully and
/// the schema accepts as read back, each once, in turn; then nil, and the caller draws a random one.
struct ParameterExploration {
    let generator: FuzzCaseGenerator
    private var boundaries: [String: [JSONValue]] = [:]
    private var used: [String: Int] = [:]

    /// Boundary values kept per parameter.
    static let limit = 16

    init(generator: FuzzCaseGenerator) { self.generator = generator }

    /// The parameter's next boundary value, or nil once each was used.
    mutating func next(for parameter: Parameter, schema: JSONValue, pointer: JSONPointer) -> JSONValue? {
        let key = "\(parameter.location.rawValue) \(parameter.name)"
        if boundaries[key] == nil {
            let valid = generator.validity
            let schema = generator.validSchema(at: pointer) ?? schema
            boundaries[key] = valid.generator.boundaryInstances(for: schema, limit: Self.limit).filter {
                value in
                guard generator.isPlain(value, in: parameter.location),
                    let readBack = generator.carried(value, by: parameter)
                else { return false }
                return valid.schemas.validate(readBack, at: pointer).isValid
            }
        }
        let values = boundaries[key] ?? []
        let position = used[key, default: 0]
        used[key] = position + 1
        // Not a ternary: `nil` there would read as JSON's null (JSONValue takes a nil literal).
        guard position < values.count else { return Optional<JSONValue>.none }
        return values[position]
    }
}
