package import JSONSchema

/// What the builders read from a schema location's keywords, worked out once per location.
///
/// Looking a keyword up in a schema object compares it with each member's name, and the builders
/// look up a dozen keywords for every value they make; the number grids (bounds and `multipleOf`
/// turned into ranges of multipliers) took decimal arithmetic on every draw. `FlattenCache` stores
/// each location's `Constraints` with its plan, so a value costs a few draws. A class, so copying
/// constraints (which happens at every level) retains one reference instead of each field.
package final class GenerationPlan: Sendable {
    package let constructive: Bool
    package let types: Result<[String], GenerationError>
    package let hasType: Bool
    package let enumValues: [JSONValue]?
    package let length: Result<LengthRange, GenerationError>
    package let pattern: String?
    package let format: String?
    package let integerGrids: Result<[InstanceGenerator.NumberGrid], GenerationError>
    package let numberGrids: Result<[InstanceGenerator.NumberGrid], GenerationError>
    /// The planned constraints of the children, filled on first use.
    package let children = ChildPlans()
    package let object: ObjectKeywords
    package let array: ArrayKeywords

    /// The keywords `randomObject` reads.
    package struct ObjectKeywords: Sendable {
        var properties: JSONObject
        var required: [String]
        var minimum: Int
        var maximum: Int
        var dependentRequired: JSONObject?
        var dependentSchemas: JSONObject?
        var additional: JSONValue?
        var patterns: JSONObject

        init(_ keywords: JSONObject) {
            properties = keywords["properties"]?.objectValue ?? JSONObject()
            required = keywords["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
            minimum = max(0, keywords["minProperties"]?.intValue ?? 0)
            maximum = keywords["maxProperties"]?.intValue ?? Int.max
            dependentRequired = keywords["dependentRequired"]?.objectValue
            dependentSchemas = keywords["dependentSchemas"]?.objectValue
            additional = keywords["additionalProperties"] ?? keywords["unevaluatedProperties"]
            patterns = keywords["patternProperties"]?.objectValue ?? JSONObject()
        }
    }

    /// The keywords `randomArray` reads.
    package struct ArrayKeywords: Sendable {
        var minimum: Int
        var maximum: Int?
        var prefix: [JSONValue]
        var items: JSONValue
        var unique: Bool
        var contains: JSONValue?
        var minContains: Int
        var maxContains: Int?

        init(_ keywords: JSONObject) {
            minimum = max(0, keywords["minItems"]?.intValue ?? 0)
            maximum = keywords["maxItems"]?.intValue
            prefix = keywords["prefixItems"]?.arrayValue ?? []
            items = keywords["items"] ?? keywords["unevaluatedItems"] ?? true
            unique = keywords["uniqueItems"]?.boolValue == true
            contains = keywords["contains"]
            minContains = contains == nil ? 0 : max(0, keywords["minContains"]?.intValue ?? 1)
            maxContains = keywords["maxContains"]?.intValue
        }
    }

    package struct LengthRange: Sendable {
        package var min: Int
        package var max: Int?
    }

    init(_ constraints: Constraints, generator: InstanceGenerator) {
        constructive = constraints.computedConstructive
        let keywords = constraints.keywords
        hasType = keywords["type"] != nil
        enumValues = keywords["enum"]?.arrayValue
        pattern = keywords["pattern"]?.stringValue
        format = keywords["format"]?.stringValue
        object = ObjectKeywords(keywords)
        array = ArrayKeywords(keywords)
        do throws(GenerationError) {
            types = .success(try generator.computedCandidateTypes(constraints))
        } catch {
            types = .failure(error)
        }
        do throws(GenerationError) {
            let range = try generator.computedLengthRange(constraints)
            length = .success(LengthRange(min: range.min, max: range.max))
        } catch {
            length = .failure(error)
        }
        do throws(GenerationError) {
            integerGrids = .success(try generator.computedNumberGrids(constraints, integer: true))
        } catch {
            integerGrids = .failure(error)
        }
        do throws(GenerationError) {
            numberGrids = .success(try generator.computedNumberGrids(constraints, integer: false))
        } catch {
            numberGrids = .failure(error)
        }
    }
}
