package import JSONSchema

/// What the builders read from a schema location's keywords, worked out once per location.
///
/// Looking a keyword up in a schema object compares it with each member's name, and the builders
/// look up a dozen keywords for every value they make; the number grids (bounds and `multipleOf`
/// turned into ranges of multipliers) took decimal arithmetic on every draw. `FlattenCache` stores
/// each location's `Constraints` with its plan, so a value costs a few draws.
package struct GenerationPlan: Sendable {
    package var constructive: Bool
    package var types: Result<[String], GenerationError>
    package var hasType: Bool
    package var enumValues: [JSONValue]?
    package var length: Result<LengthRange, GenerationError>
    package var pattern: String?
    package var format: String?
    package var integerGrids: Result<[InstanceGenerator.NumberGrid], GenerationError>
    package var numberGrids: Result<[InstanceGenerator.NumberGrid], GenerationError>

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
