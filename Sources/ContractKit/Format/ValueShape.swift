import JSONSchema

/// What one member of a contract object may hold, stated once for the decoder (which reads it and
/// says what it expected) and for the format schema shipped in `docs/` (which an editor checks).
indirect enum ValueShape: Sendable {
    /// Any string.
    case string
    /// A string matching an ECMA-262 pattern.
    case pattern(String)
    /// One of these strings.
    case choice([String])
    /// `true` or `false`.
    case boolean
    /// Any integer.
    case integer
    /// An integer in a closed range (an HTTP status, a 4xx status).
    case integerRange(ClosedRange<Int>)
    /// An integer above zero.
    case positiveInteger
    /// Exactly this value.
    case constant(JSONValue)
    /// An array whose elements all have one shape.
    case array(ValueShape)
    /// Any object.
    case object
    /// An object of named values of one shape (schemas by name, headers by name).
    case map(ValueShape)
    /// An object with fixed members, declared in place.
    case shape(ObjectShape)
    /// A definition of the format, by its name under `$defs` (see ``ContractShape/definitions``).
    case reference(String)
    /// Any JSON value.
    case any
    /// `then` when the value matches `condition` (a schema), else `otherwise`.
    case conditional(if: JSONValue, then: ValueShape, else: ValueShape)
    /// A schema the cases above cannot state, written as it appears in the format schema.
    case fragment(JSONValue)

    /// How the decoder reads a value, and so what it says it expected when the value is wrong.
    enum Kind: Sendable, Equatable {
        case string, boolean, integer, strings, object, array
        /// Read and judged by the decoder's own code, with a message of its own.
        case other

        /// The expectation in "\"key\" must be …, found …".
        var expectation: String {
            switch self {
            case .string: return "a string"
            case .boolean: return "true or false"
            case .integer: return "an integer"
            case .strings: return "an array of strings"
            case .object: return "an object"
            case .array: return "an array"
            case .other: return "a valid value"
            }
        }

        /// Whether `value` is of this kind.
        func admits(_ value: JSONValue) -> Bool {
            switch self {
            case .string: return value.stringValue != nil
            case .boolean: if case .bool = value { return true } else { return false }
            case .integer: return value.intValue != nil
            case .strings:
                guard case .array(let elements) = value else { return false }
                return elements.allSatisfy { $0.stringValue != nil }
            case .object: return value.objectValue != nil
            case .array: return value.arrayValue != nil
            case .other: return true
            }
        }
    }

    /// How the decoder reads a value of this shape.
    var kind: Kind {
        switch self {
        case .string, .pattern, .choice: return .string
        case .boolean: return .boolean
        case .integer, .integerRange, .positiveInteger: return .integer
        case .constant(.bool): return .boolean
        case .constant(.number): return .integer
        case .constant(.string): return .string
        case .array(let element): return element.kind == .string ? .strings : .array
        case .object, .map, .shape: return .object
        case .reference(let name): return ContractShape.definition(name)?.value.kind ?? .other
        case .constant, .any, .conditional, .fragment: return .other
        }
    }

    /// The JSON Schema of this shape, as the format schema states it.
    var schema: JSONValue {
        switch self {
        case .string: return ["type": "string"]
        case .pattern(let pattern): return ["type": "string", "pattern": .string(pattern)]
        case .choice(let values): return ["enum": .array(values.map(JSONValue.string))]
        case .boolean: return ["type": "boolean"]
        case .integer: return ["type": "integer"]
        case .integerRange(let range):
            return [
                "type": "integer", "minimum": .number(JSONNumber(range.lowerBound)),
                "maximum": .number(JSONNumber(range.upperBound)),
            ]
        case .positiveInteger: return ["type": "integer", "exclusiveMinimum": 0]
        case .constant(let value): return ["const": value]
        case .array(let element): return ["type": "array", "items": element.schema]
        case .object: return ["type": "object"]
        case .map(let element): return ["type": "object", "additionalProperties": element.schema]
        case .shape(let object): return object.schema
        case .reference(let name): return ["$ref": .string("#/$defs/" + name)]
        case .any: return [:]
        case .conditional(let condition, let then, let otherwise):
            return ["if": condition, "then": then.schema, "else": otherwise.schema]
        case .fragment(let schema): return schema
        }
    }
}
