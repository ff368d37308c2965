/// A compiled keyword: its operands are already checked and converted, so validation does no
/// lookups by keyword name. Subschemas are node indexes into `CompiledProgram.nodes`.
enum Keyword: Sendable {
    case ref(Int)
    case dynamicRef(target: Int, anchor: String?)
    case allOf([Int])
    case anyOf([Int])
    case oneOf([Int])
    case not(Int)
    case conditional(condition: Int, then: Int?, otherwise: Int?)
    case dependentSchemas([(name: String, schema: Int)])
    case prefixItems([Int])
    case items(Int, prefixCount: Int)
    case contains(Int, minimum: Int, maximum: Int?)
    case properties([(name: String, schema: Int)])
    case patternProperties([(pattern: ECMARegex, schema: Int)])
    /// `followsProperties`: evaluated right after this node's `properties` (no `patternProperties`
    /// between), so when `properties` matched every member there is nothing left to check.
    case additionalProperties(Int, known: NameSet, patterns: [ECMARegex], followsProperties: Bool)
    case propertyNames(Int)
    case unevaluatedItems(Int)
    case unevaluatedProperties(Int)
    case type(JSONTypeSet)
    case enumeration([JSONValue])
    case const(JSONValue)
    case multipleOf(JSONNumber)
    case maximum(JSONNumber)
    case exclusiveMaximum(JSONNumber)
    case minimum(JSONNumber)
    case exclusiveMinimum(JSONNumber)
    case maxLength(Int)
    case minLength(Int)
    case pattern(ECMARegex)
    case maxItems(Int)
    case minItems(Int)
    case uniqueItems
    case maxProperties(Int)
    case minProperties(Int)
    case required([String])
    case dependentRequired([(name: String, required: [String])])
    case format(SchemaFormat)

    var isUnevaluated: Bool {
        switch self {
        case .unevaluatedItems, .unevaluatedProperties: return true
        default: return false
        }
    }

    /// The keyword's name, for locations and messages.
    var name: String {
        switch self {
        case .ref: return "$ref"
        case .dynamicRef: return "$dynamicRef"
        case .allOf: return "allOf"
        case .anyOf: return "anyOf"
        case .oneOf: return "oneOf"
        case .not: return "not"
        case .conditional: return "if"
        case .dependentSchemas: return "dependentSchemas"
        case .prefixItems: return "prefixItems"
        case .items: return "items"
        case .contains: return "contains"
        case .properties: return "properties"
        case .patternProperties: return "patternProperties"
        case .additionalProperties: return "additionalProperties"
        case .propertyNames: return "propertyNames"
        case .unevaluatedItems: return "unevaluatedItems"
        case .unevaluatedProperties: return "unevaluatedProperties"
        case .type: return "type"
        case .enumeration: return "enum"
        case .const: return "const"
        case .multipleOf: return "multipleOf"
        case .maximum: return "maximum"
        case .exclusiveMaximum: return "exclusiveMaximum"
        case .minimum: return "minimum"
        case .exclusiveMinimum: return "exclusiveMinimum"
        case .maxLength: return "maxLength"
        case .minLength: return "minLength"
        case .pattern: return "pattern"
        case .maxItems: return "maxItems"
        case .minItems: return "minItems"
        case .uniqueItems: return "uniqueItems"
        case .maxProperties: return "maxProperties"
        case .minProperties: return "minProperties"
        case .required: return "required"
        case .dependentRequired: return "dependentRequired"
        case .format: return "format"
        }
    }
}
