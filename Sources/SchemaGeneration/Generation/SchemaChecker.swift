package import JSONSchema

/// A small internal validator for the keywords the generator and mutator handle.
///
/// The generator uses it to decide the cheap-to-check cases (the `oneOf` branch that must not also
/// match, `not`, `if`, `enum` values that must also meet sibling keywords) and the mutator uses it to
/// drop mutations that turn out to be valid. It is deliberately lenient where it cannot know:
/// `format` is an annotation, patterns the validator's engine cannot compile count as matching, and
/// unresolvable references count as matching.
package struct SchemaChecker: Sendable {
    package let document: SchemaDocument

    /// Whether `value` satisfies `schema`; `base` is the URI its relative `$ref`s resolve against
    /// (the document's root base when nil). `memo` holds verdicts reached earlier for parts of
    /// `value`, which are not walked again.
    package func matches(
        _ value: JSONValue, _ schema: JSONValue, depth: Int = 0, base: String? = nil, memo: VerdictMemo? = nil
    ) -> Bool {
        Walk(document: document, memo: memo).matches(value, schema, depth: depth, base: base)
    }

    /// Whether `value` has one of the types `type` names (a name or an array of names).
    package static func typeMatches(_ value: JSONValue, _ type: JSONValue) -> Bool {
        Walk.typeMatches(value, type)
    }
}

extension SchemaChecker {
    /// One check, with the memo it consults.
    private struct Walk {
        let document: SchemaDocument
        let memo: VerdictMemo?

        func matches(_ value: JSONValue, _ schema: JSONValue, depth: Int = 0, base: String? = nil) -> Bool {
            guard depth < 64 else { return true }
            switch schema {
            case .bool(let allowed): return allowed
            case .object(let object):
                var base = base ?? document.rootBase
                if let memo, memo.isKnownValid(value, schema, base: base) { return true }
                if let id = object["$id"]?.stringValue { base = SchemaDocument.join(base, id) }
                return matches(value, object, depth: depth, base: base)
            default: return true
            }
        }

        private func matches(_ value: JSONValue, _ schema: JSONObject, depth: Int, base: String) -> Bool {
            if let reference = schema["$ref"]?.stringValue {
                if let target = document.resolve(reference, base: base),
                    !matches(value, target.schema, depth: depth + 1, base: document.base(at: target.pointer))
                {
                    return false
                }
            }
            if let type = schema["type"], !Self.typeMatches(value, type) { return false }
            if let options = schema["enum"]?.arrayValue, !options.contains(value) { return false }
            if let constant = schema["const"], constant != value { return false }
            for key in ["allOf", "anyOf", "oneOf"] {
                guard let branches = schema[key]?.arrayValue else { continue }
                let count = branches.lazy.filter { matches(value, $0, depth: depth + 1, base: base) }.count
                switch key {
                case "allOf": if count != branches.count { return false }
                case "anyOf": if count == 0 { return false }
                default: if count != 1 { return false }
                }
            }
            if let negated = schema["not"], matches(value, negated, depth: depth + 1, base: base) {
                return false
            }
            if let condition = schema["if"] {
                let branch =
                    matches(value, condition, depth: depth + 1, base: base) ? schema["then"] : schema["else"]
                if let branch, !matches(value, branch, depth: depth + 1, base: base) { return false }
            }
            switch value {
            case .number(let number): return numberMatches(number, schema)
            case .string(let text): return stringMatches(text, schema)
            case .array(let elements): return arrayMatches(elements, schema, depth: depth, base: base)
            case .object(let object): return objectMatches(object, schema, depth: depth, base: base)
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
            if let divisor = schema["multipleOf"]?.numberValue, !number.isMultiple(of: divisor) {
                return false
            }
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

        private func arrayMatches(_ elements: [JSONValue], _ schema: JSONObject, depth: Int, base: String)
            -> Bool
        {
            if let minimum = schema["minItems"]?.intValue, elements.count < minimum { return false }
            if let maximum = schema["maxItems"]?.intValue, elements.count > maximum { return false }
            let prefix = schema["prefixItems"]?.arrayValue ?? []
            for (offset, element) in elements.enumerated() {
                let itemSchema = offset < prefix.count ? prefix[offset] : schema["items"]
                if let itemSchema, !matches(element, itemSchema, depth: depth + 1, base: base) {
                    return false
                }
            }
            if let unevaluated = schema["unevaluatedItems"], schema["items"] == nil,
                let evaluated = evaluatedPrefix(.array(elements), .object(schema), depth: depth, base: base),
                evaluated < elements.count
            {
                for element in elements[evaluated...]
                where !matches(element, unevaluated, depth: depth + 1, base: base) { return false }
            }
            if schema["uniqueItems"]?.boolValue == true, Set(elements).count != elements.count {
                return false
            }
            if let contains = schema["contains"] {
                let count = elements.lazy.filter { matches($0, contains, depth: depth + 1, base: base) }.count
                if count < (schema["minContains"]?.intValue ?? 1) { return false }
                if let maximum = schema["maxContains"]?.intValue, count > maximum { return false }
            }
            return true
        }

        private func objectMatches(_ object: JSONObject, _ schema: JSONObject, depth: Int, base: String)
            -> Bool
        {
            if let minimum = schema["minProperties"]?.intValue, object.count < minimum { return false }
            if let maximum = schema["maxProperties"]?.intValue, object.count > maximum { return false }
            for key in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
            where object[key] == nil {
                return false
            }
            if let dependents = schema["dependentSchemas"]?.objectValue {
                for (key, dependent) in dependents where object[key] != nil {
                    if !matches(.object(object), dependent, depth: depth + 1, base: base) { return false }
                }
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
                if let names = schema["propertyNames"],
                    !matches(.string(key), names, depth: depth + 1, base: base)
                {
                    return false
                }
                var evaluated = false
                if let propertySchema = properties[key] {
                    evaluated = true
                    if !matches(value, propertySchema, depth: depth + 1, base: base) { return false }
                }
                for (pattern, patternSchema) in patterns
                where PatternMatcher.matches(key, pattern: pattern) != false {
                    evaluated = true
                    if !matches(value, patternSchema, depth: depth + 1, base: base) { return false }
                }
                if !evaluated, let additional = schema["additionalProperties"],
                    !matches(value, additional, depth: depth + 1, base: base)
                {
                    return false
                }
            }
            if schema["unevaluatedProperties"] == false, schema["additionalProperties"] == nil,
                let declared = declaredNames(.object(object), .object(schema), depth: depth, base: base)
            {
                for key in object.keys where !declared.names.contains(key) {
                    if !declared.patterns.contains(where: {
                        PatternMatcher.matches(key, pattern: $0) != false
                    }) {
                        return false
                    }
                }
            }
            return true
        }

        /// The adjacent subschemas whose annotations reach this location for `value`: `allOf`, `$ref`,
        /// the `anyOf`/`oneOf` branches it matches, and `if` with `then`, or `else`.
        private func adjacent(_ value: JSONValue, _ object: JSONObject, depth: Int, base: String) -> [(
            JSONValue, String
        )] {
            var children: [(JSONValue, String)] = (object["allOf"]?.arrayValue ?? []).map { ($0, base) }
            for key in ["anyOf", "oneOf"] {
                for branch in object[key]?.arrayValue ?? []
                where matches(value, branch, depth: depth + 1, base: base) {
                    children.append((branch, base))
                }
            }
            if let condition = object["if"] {
                if matches(value, condition, depth: depth + 1, base: base) {
                    children.append((condition, base))
                    if let then = object["then"] { children.append((then, base)) }
                } else if let otherwise = object["else"] {
                    children.append((otherwise, base))
                }
            }
            children += (object["dependentSchemas"]?.objectValue?.values ?? []).map { ($0, base) }
            if let reference = object["$ref"]?.stringValue,
                let target = document.resolve(reference, base: base)
            {
                children.append((target.schema, document.base(at: target.pointer)))
            }
            return children
        }

        /// How many leading items adjacent subschemas evaluate (the longest `prefixItems`), for an
        /// approximate `unevaluatedItems`; nil when some subschema evaluates them all (`items`).
        private func evaluatedPrefix(_ value: JSONValue, _ schema: JSONValue, depth: Int, base: String)
            -> Int?
        {
            guard depth < 64, case .object(let object) = schema else { return 0 }
            if object["items"] != nil && depth > 0 { return nil }
            var count = object["prefixItems"]?.arrayValue?.count ?? 0
            for (child, childBase) in adjacent(value, object, depth: depth, base: base) {
                guard let nested = evaluatedPrefix(value, child, depth: depth + 1, base: childBase) else {
                    return nil
                }
                count = max(count, nested)
            }
            return count
        }

        /// Property names and patterns declared here or in adjacent subschemas, for an approximate
        /// `unevaluatedProperties: false`; nil when some subschema evaluates every property
        /// (`additionalProperties`).
        private func declaredNames(_ value: JSONValue, _ schema: JSONValue, depth: Int, base: String)
            -> (names: Set<String>, patterns: [String])?
        {
            guard depth < 64, case .object(let object) = schema else { return ([], []) }
            if object["additionalProperties"] != nil && depth > 0 { return nil }
            var names = Set(object["properties"]?.objectValue?.keys ?? [])
            var patterns = object["patternProperties"]?.objectValue?.keys ?? []
            for (child, childBase) in adjacent(value, object, depth: depth, base: base) {
                guard let nested = declaredNames(value, child, depth: depth + 1, base: childBase) else {
                    return nil
                }
                names.formUnion(nested.names)
                patterns += nested.patterns
            }
            return (names, patterns)
        }
    }
}
