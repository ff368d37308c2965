import JSONSchema

/// A small internal validator for the keywords the generator and mutator handle.
///
/// The generator uses it to decide the cheap-to-check cases (the `oneOf` branch that must not also
/// match, `not`, `if`, `enum` values that must also meet sibling keywords) and the mutator uses it to
/// drop mutations that turn out to be valid. It is deliberately lenient where it cannot know:
/// `format` is an annotation, patterns `Regex` cannot compile count as matching, and unresolvable
/// references count as matching.
struct SchemaChecker: Sendable {
    let document: SchemaDocument

    func matches(_ value: JSONValue, _ schema: JSONValue, depth: Int = 0) -> Bool {
        guard depth < 64 else { return true }
        switch schema {
        case .bool(let allowed): return allowed
        case .object(let object): return matches(value, object, depth: depth)
        default: return true
        }
    }

    private func matches(_ value: JSONValue, _ schema: JSONObject, depth: Int) -> Bool {
        if let reference = schema["$ref"]?.stringValue {
            if let target = document.resolve(reference), !matches(value, target.schema, depth: depth + 1) {
                return false
            }
        }
        if let type = schema["type"], !Self.typeMatches(value, type) { return false }
        if let options = schema["enum"]?.arrayValue, !options.contains(value) { return false }
        if let constant = schema["const"], constant != value { return false }
        for key in ["allOf", "anyOf", "oneOf"] {
            guard let branches = schema[key]?.arrayValue else { continue }
            let count = branches.lazy.filter { matches(value, $0, depth: depth + 1) }.count
            switch key {
            case "allOf": if count != branches.count { return false }
            case "anyOf": if count == 0 { return false }
            default: if count != 1 { return false }
            }
        }
        if let negated = schema["not"], matches(value, negated, depth: depth + 1) { return false }
        if let condition = schema["if"] {
            let branch = matches(value, condition, depth: depth + 1) ? schema["then"] : schema["else"]
            if let branch, !matches(value, branch, depth: depth + 1) { return false }
        }
        switch value {
        case .number(let number): return numberMatches(number, schema)
        case .string(let text): return stringMatches(text, schema)
        case .array(let elements): return arrayMatches(elements, schema, depth: depth)
        case .object(let object): return objectMatches(object, schema, depth: depth)
        default: return true
        }
    }

    static func typeMatches(_ value: JSONValue, _ type: JSONValue) -> Bool {
        let names = type.arrayValue?.compactMap(\.stringValue) ?? type.stringValue.map { [$0] } ?? []
        return names.contains { name in
            name == value.typeName || (name == "integer" && value.specificTypeName == "integer")
        }
    }

    private func numberMatches(_ number: JSONNumber, _ schema: JSONObject) -> Bool {
        if let minimum = schema["minimum"]?.numberValue, number < minimum { return false }
        if let maximum = schema["maximum"]?.numberValue, maximum < number { return false }
        if let bound = schema["exclusiveMinimum"]?.numberValue, number <= bound { return false }
        if let bound = schema["exclusiveMaximum"]?.numberValue, number >= bound { return false }
        if let divisor = schema["multipleOf"]?.numberValue, !number.isMultiple(of: divisor) { return false }
        return true
    }

    private func stringMatches(_ text: String, _ schema: JSONObject) -> Bool {
        let length = text.unicodeScalars.count
        if let minimum = schema["minLength"]?.intValue, length < minimum { return false }
        if let maximum = schema["maxLength"]?.intValue, length > maximum { return false }
        if let pattern = schema["pattern"]?.stringValue,
            PatternMatcher.matches(text, pattern: pattern) == false
        {
            return false
        }
        return true
    }

    private func arrayMatches(_ elements: [JSONValue], _ schema: JSONObject, depth: Int) -> Bool {
        if let minimum = schema["minItems"]?.intValue, elements.count < minimum { return false }
        if let maximum = schema["maxItems"]?.intValue, elements.count > maximum { return false }
        let prefix = schema["prefixItems"]?.arrayValue ?? []
        for (offset, element) in elements.enumerated() {
            let itemSchema = offset < prefix.count ? prefix[offset] : schema["items"]
            if let itemSchema, !matches(element, itemSchema, depth: depth + 1) { return false }
        }
        if schema["uniqueItems"]?.boolValue == true, Set(elements).count != elements.count { return false }
        if let contains = schema["contains"] {
            let count = elements.lazy.filter { matches($0, contains, depth: depth + 1) }.count
            if count < (schema["minContains"]?.intValue ?? 1) { return false }
            if let maximum = schema["maxContains"]?.intValue, count > maximum { return false }
        }
        return true
    }

    private func objectMatches(_ object: JSONObject, _ schema: JSONObject, depth: Int) -> Bool {
        if let minimum = schema["minProperties"]?.intValue, object.count < minimum { return false }
        if let maximum = schema["maxProperties"]?.intValue, object.count > maximum { return false }
        for key in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where object[key] == nil {
            return false
        }
        if let dependencies = schema["dependentRequired"]?.objectValue {
            for (key, needed) in dependencies where object[key] != nil {
                for name in needed.arrayValue?.compactMap(\.stringValue) ?? [] where object[name] == nil {
                    return false
                }
            }
        }
        let properties = schema["properties"]?.objectValue ?? JSONObject()
        let patterns = schema["patternProperties"]?.objectValue ?? JSONObject()
        for (key, value) in object {
            if let names = schema["propertyNames"], !matches(.string(key), names, depth: depth + 1) {
                return false
            }
            var evaluated = false
            if let propertySchema = properties[key] {
                evaluated = true
                if !matches(value, propertySchema, depth: depth + 1) { return false }
            }
            for (pattern, patternSchema) in patterns
            where PatternMatcher.matches(key, pattern: pattern) != false {
                evaluated = true
                if !matches(value, patternSchema, depth: depth + 1) { return false }
            }
            if !evaluated, let additional = schema["additionalProperties"],
                !matches(value, additional, depth: depth + 1)
            {
                return false
            }
        }
        if schema["unevaluatedProperties"] == false, schema["additionalProperties"] == nil,
            let declared = declaredNames(.object(schema), depth: depth)
        {
            for key in object.keys where !declared.names.contains(key) {
                if !declared.patterns.contains(where: { PatternMatcher.matches(key, pattern: $0) != false }) {
                    return false
                }
            }
        }
        return true
    }

    /// Property names and patterns declared here or in adjacent subschemas (`$ref`, `allOf`,
    /// `anyOf`, `oneOf`, `then`, `else`), for an approximate `unevaluatedProperties: false`;
    /// nil when some subschema evaluates every property (`additionalProperties`).
    private func declaredNames(_ schema: JSONValue, depth: Int) -> (names: Set<String>, patterns: [String])? {
        guard depth < 64, case .object(let object) = schema else { return ([], []) }
        if object["additionalProperties"] != nil && depth > 0 { return nil }
        var names = Set(object["properties"]?.objectValue?.keys ?? [])
        var patterns = object["patternProperties"]?.objectValue?.keys ?? []
        var children: [JSONValue] = []
        for key in ["allOf", "anyOf", "oneOf"] { children += object[key]?.arrayValue ?? [] }
        for key in ["then", "else"] { if let child = object[key] { children.append(child) } }
        if let reference = object["$ref"]?.stringValue, let target = document.resolve(reference) {
            children.append(target.schema)
        }
        for child in children {
            guard let nested = declaredNames(child, depth: depth + 1) else { return nil }
            names.formUnion(nested.names)
            patterns += nested.patterns
        }
        return (names, patterns)
    }
}
