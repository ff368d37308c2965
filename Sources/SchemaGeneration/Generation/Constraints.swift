package import JSONSchema

/// The effective keywords of a schema after `$ref` and `allOf` were folded in, plus the pending
/// choices (`anyOf`, `oneOf`, `if`) still to be decided.
///
/// API schemas lean heavily on `allOf: [{$ref: Base}, {properties: …}]`; generating from each branch
/// separately would almost never satisfy all of them, so their simple keywords are merged here:
/// types intersect, bounds tighten, `required` unions, and overlapping sub-schemas are combined with
/// `allOf` for the next level. Generated values are checked afterwards against `original`, the
/// unmerged schema, so an imprecise merge costs a retry, never an invalid value.
package struct Constraints: Sendable {
    package struct Choice: Sendable {
        package enum Kind: Sendable { case anyOf, oneOf, conditional }
        package var kind: Kind
        package var branches: [JSONValue]
        package var location: JSONPointer
    }

    /// The merged keywords, itself a schema (a looser one than `original` when it is a merge).
    package var keywords = JSONObject()
    package var choices: [Choice] = []
    /// Property names allowed by some `additionalProperties: false` branch; nil when unrestricted.
    package var allowedKeys: Set<String>?
    package var location: JSONPointer
    /// Whether a `$ref` was followed, a hint that the schema may be recursive.
    package var followsReference = false
    /// The schema as written, which every generated value is checked against.
    package var original: JSONValue = true
    /// How many schema objects contributed keywords: above one, `keywords` is a merge, which may
    /// be looser than the schemas it came from (a second `pattern` is dropped).
    package var mergedObjects = 0
    /// The builders' reading of `keywords`, set when the constraints are cached (`FlattenCache`).
    package var plan: GenerationPlan?

    package init(location: JSONPointer) { self.location = location }

    private static let lowerBounds: Set<String> = [
        "minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains",
    ]
    private static let upperBounds: Set<String> = [
        "maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains",
    ]
    private static let subschemas: Set<String> = [
        "items", "contains", "propertyNames", "additionalProperties",
    ]

    /// Folds one keyword into the merged set.
    package mutating func merge(_ key: String, _ value: JSONValue) {
        plan = nil
        guard let existing = keywords[key] else {
            keywords[key] = value
            if key == "const" { mergeEnum([value]) }
            return
        }
        switch key {
        case _ where Self.lowerBounds.contains(key):
            if let a = existing.numberValue, let b = value.numberValue, a < b { keywords[key] = value }
        case _ where Self.upperBounds.contains(key):
            if let a = existing.numberValue, let b = value.numberValue, b < a { keywords[key] = value }
        case "type":
            keywords[key] = .array(Self.intersectTypes(existing, value).map { .string($0) })
        case "enum":
            mergeEnum(value.arrayValue ?? [])
        case "const":
            keywords["enum"] = .array(existing == value ? [value] : [])
        case "required":
            var names = existing.arrayValue ?? []
            for name in value.arrayValue ?? [] where !names.contains(name) { names.append(name) }
            keywords[key] = .array(names)
        case "uniqueItems":
            keywords[key] = .bool(existing.boolValue == true || value.boolValue == true)
        case "properties", "patternProperties", "dependentRequired":
            var merged = existing.objectValue ?? JSONObject()
            for (name, schema) in value.objectValue ?? JSONObject() {
                merged[name] = merged[name].map { .array([$0, schema]).wrapped("allOf") } ?? schema
            }
            keywords[key] = .object(merged)
        case "prefixItems":
            let a = existing.arrayValue ?? []
            let b = value.arrayValue ?? []
            keywords[key] = .array(
                (0..<max(a.count, b.count)).map { index in
                    if index < a.count && index < b.count {
                        return .array([a[index], b[index]]).wrapped("allOf")
                    }
                    return index < a.count ? a[index] : b[index]
                })
        case "not":
            keywords[key] = .array([existing, value]).wrapped("anyOf")
        case _ where Self.subschemas.contains(key):
            keywords[key] = .array([existing, value]).wrapped("allOf")
        default:
            // `pattern`, `multipleOf`, `format` and the like keep the first; the check against
            // `original` enforces the others.
            break
        }
    }

    private mutating func mergeEnum(_ values: [JSONValue]) {
        if let current = keywords["enum"]?.arrayValue {
            keywords["enum"] = .array(current.filter { values.contains($0) })
        } else {
            keywords["enum"] = .array(values)
        }
    }

    package static func typeNames(_ type: JSONValue) -> [String] {
        type.arrayValue?.compactMap(\.stringValue) ?? type.stringValue.map { [$0] } ?? []
    }

    private static func intersectTypes(_ a: JSONValue, _ b: JSONValue) -> [String] {
        let left = typeNames(a)
        let right = typeNames(b)
        var result: [String] = []
        for name in left {
            if right.contains(name) {
                result.append(name)
            } else if name == "integer" && right.contains("number")
                || name == "number" && right.contains("integer")
            {
                result.append("integer")
            }
        }
        return result
    }

    /// The schema to verify a generated value against.
    package var checkSchema: JSONValue { original }

    /// The keywords whose builders satisfy them exactly: `randomString` verifies `pattern` and
    /// `format` itself, `randomNumber` draws on a grid inside the bounds and `multipleOf`, `build`
    /// picks `enum` values the validator accepted, `randomObject` writes every required property,
    /// only declared ones when `additionalProperties` is false, and `randomArray` respects the
    /// size bounds; each part is generated (and verified) at its own level.
    private static let constructiveKeywords: Set<String> = [
        "type", "enum", "const", "minLength", "maxLength", "pattern", "format", "minimum", "maximum",
        "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "properties", "required",
        "additionalProperties",
        "items", "minItems", "maxItems",
    ]

    /// Whether a value `build` makes for these constraints is valid by construction, so checking it
    /// against `original` again can be skipped: one schema object (after `$ref`s) with no pending
    /// choice and only keywords whose builders are exact. Anything else (`allOf` merges, `oneOf`,
    /// `not`, `uniqueItems`, `contains`, unknown keywords) is still checked after it is built.
    package var isConstructive: Bool { plan?.constructive ?? computedConstructive }

    var computedConstructive: Bool {
        mergedObjects <= 1 && choices.isEmpty
            && keywords.members.allSatisfy { Self.constructiveKeywords.contains($0.key) }
    }
}

extension JSONValue {
    /// `{key: self}`, used to build `allOf`/`anyOf` wrappers while merging.
    package func wrapped(_ key: String) -> JSONValue { .object(JSONObject([(key: key, value: self)])) }
}
