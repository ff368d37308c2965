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
                // Numbers, booleans and null are cheaper to check again than to look up.
                if let memo, value.isRecordWorthy, memo.isKnownValid(value, schema, base: base) {
                    return true
                }
                if let id = object["$id"]?.stringValue { base = SchemaDocument.join(base, id) }
                return matches(value, object, depth: depth, base: base)
            default: return true
            }
        }

        /// One pass over the schema's members: a keyword is looked at only when present, and
        /// comparing a member's key with a literal is far cheaper than looking up each of the
        /// thirty-odd keywords by name.
        private func matches(_ value: JSONValue, _ schema: JSONObject, depth: Int, base: String) -> Bool {
            for (key, keyword) in schema.members {
                switch key {
                case "$ref":
                    guard let reference = keyword.stringValue,
                        let target = document.resolve(reference, base: base)
                    else { continue }
                    if !matches(
                        value, target.schema, depth: depth + 1, base: document.base(at: target.pointer))
                    {
                        return false
                    }
                case "type": if !Self.typeMatches(value, keyword) { return false }
                case "enum": if let options = keyword.arrayValue, !options.contains(value) { return false }
                case "const": if keyword != value { return false }
                case "allOf", "anyOf", "oneOf":
                    guard let branches = keyword.arrayValue else { continue }
                    if key == "allOf" {
                        if !branches.allSatisfy({ matches(value, $0, depth: depth + 1, base: base) }) {
                            return false
                        }
                        continue
                    }
                    let count = branches.lazy.filter { matches(value, $0, depth: depth + 1, base: base) }
                        .count
                    if key == "anyOf" ? count == 0 : count != 1 { return false }
                case "not": if matches(value, keyword, depth: depth + 1, base: base) { return false }
                case "if":
                    let branch =
                        matches(value, keyword, depth: depth + 1, base: base)
                        ? schema["then"] : schema["else"]
                    if let branch, !matches(value, branch, depth: depth + 1, base: base) { return false }
                default:
                    if !typeSpecificMatches(value, key, keyword, schema, depth: depth, base: base) {
                        return false
                    }
                }
            }
            return true
        }

        /// The keywords that apply to one instance type; any other keyword (or a keyword of
        /// another type) passes.
        private func typeSpecificMatches(
            _ value: JSONValue, _ key: String, _ keyword: JSONValue, _ schema: JSONObject, depth: Int,
            base: String
        ) -> Bool {
            switch value {
            case .number(let number): return numberMatches(number, key, keyword)
            case .string(let text): return stringMatches(text, key, keyword)
            case .array(let elements):
                return arrayMatches(elements, key, keyword, schema, depth: depth, base: base)
            case .object(let object):
                return objectMatches(object, key, keyword, schema, depth: depth, base: base)
            default: return true
            }
        }

        static func typeMatches(_ value: JSONValue, _ type: JSONValue) -> Bool {
            let names = type.arrayValue?.compactMap(\.stringValue) ?? type.stringValue.map { [$0] } ?? []
            return names.contains { name in
                name == value.typeName || (name == "integer" && value.specificTypeName == "integer")
            }
        }

        private func numberMatches(_ number: JSONNumber, _ key: String, _ keyword: JSONValue) -> Bool {
            guard let bound = keyword.numberValue else { return true }
            switch key {
            case "minimum": return !(number < bound)
            case "maximum": return !(bound < number)
            case "exclusiveMinimum": return !(number <= bound)
            case "exclusiveMaximum": return !(number >= bound)
            case "multipleOf": return number.isMultiple(of: bound)
            default: return true
            }
        }

        private func stringMatches(_ text: String, _ key: String, _ keyword: JSONValue) -> Bool {
            switch key {
            case "minLength":
                guard let minimum = keyword.intValue else { return true }
                return text.unicodeScalars.count >= minimum
            case "maxLength":
                guard let maximum = keyword.intValue else { return true }
                return text.unicodeScalars.count <= maximum
            case "pattern":
                guard let pattern = keyword.stringValue else { return true }
                return PatternMatcher.matches(text, pattern: pattern) != false
            default: return true
            }
        }

        private func arrayMatches(
            _ elements: [JSONValue], _ key: String, _ keyword: JSONValue, _ schema: JSONObject, depth: Int,
            base: String
        ) -> Bool {
            switch key {
            case "minItems":
                if let minimum = keyword.intValue, elements.count < minimum { return false }
            case "maxItems":
                if let maximum = keyword.intValue, elements.count > maximum { return false }
            case "prefixItems":
                for (element, itemSchema) in zip(elements, keyword.arrayValue ?? [])
                where !matches(element, itemSchema, depth: depth + 1, base: base) {
                    return false
                }
            case "items":
                let prefix = schema["prefixItems"]?.arrayValue?.count ?? 0
                for element in elements.dropFirst(prefix)
                where !matches(element, keyword, depth: depth + 1, base: base) {
                    return false
                }
            case "unevaluatedItems":
                if schema["items"] == nil,
                    let evaluated = evaluatedPrefix(
                        .array(elements), .object(schema), depth: depth, base: base),
                    evaluated < elements.count
                {
                    for element in elements[evaluated...]
                    where !matches(element, keyword, depth: depth + 1, base: base) { return false }
                }
            case "uniqueItems":
                if keyword.boolValue == true, Set(elements).count != elements.count { return false }
            case "contains":
                let count = elements.lazy.filter { matches($0, keyword, depth: depth + 1, base: base) }.count
                if count < (schema["minContains"]?.intValue ?? 1) { return false }
                if let maximum = schema["maxContains"]?.intValue, count > maximum { return false }
            default:
                break
            }
            return true
        }

        private func objectMatches(
            _ object: JSONObject, _ key: String, _ keyword: JSONValue, _ schema: JSONObject, depth: Int,
            base: String
        ) -> Bool {
            switch key {
            case "minProperties":
                if let minimum = keyword.intValue, object.count < minimum { return false }
            case "maxProperties":
                if let maximum = keyword.intValue, object.count > maximum { return false }
            case "required":
                for name in keyword.arrayValue ?? [] {
                    if let name = name.stringValue, object[name] == nil { return false }
                }
            case "dependentSchemas":
                for (name, dependent) in keyword.objectValue?.members ?? [] where object[name] != nil {
                    if !matches(.object(object), dependent, depth: depth + 1, base: base) { return false }
                }
            case "dependentRequired":
                for (name, needed) in keyword.objectValue?.members ?? [] where object[name] != nil {
                    for other in needed.arrayValue?.compactMap(\.stringValue) ?? [] where object[other] == nil
                    {
                        return false
                    }
                }
            case "propertyNames":
                for name in object.keys where !matches(.string(name), keyword, depth: depth + 1, base: base) {
                    return false
                }
            case "properties", "patternProperties", "additionalProperties", "unevaluatedProperties":
                return membersMatch(object, key, keyword, schema, depth: depth, base: base)
            default:
                break
            }
            return true
        }

        /// The keywords that judge an object's members by their names: `properties`,
        /// `patternProperties`, `additionalProperties`, `unevaluatedProperties`.
        private func membersMatch(
            _ object: JSONObject, _ key: String, _ keyword: JSONValue, _ schema: JSONObject, depth: Int,
            base: String
        ) -> Bool {
            switch key {
            case "properties":
                guard let properties = keyword.objectValue else { return true }
                for (name, propertySchema) in properties.members {
                    if let member = object[name],
                        !matches(member, propertySchema, depth: depth + 1, base: base)
                    {
                        return false
                    }
                }
            case "patternProperties":
                for (pattern, patternSchema) in keyword.objectValue?.members ?? [] {
                    for (name, member) in object.members
                    where PatternMatcher.matches(name, pattern: pattern) != false
                        && !matches(member, patternSchema, depth: depth + 1, base: base)
                    {
                        return false
                    }
                }
            case "additionalProperties":
                let properties = schema["properties"]?.objectValue
                let patterns = schema["patternProperties"]?.objectValue?.keys ?? []
                for (name, member) in object.members where properties?[name] == nil {
                    if patterns.contains(where: { PatternMatcher.matches(name, pattern: $0) != false }) {
                        continue
                    }
                    if !matches(member, keyword, depth: depth + 1, base: base) { return false }
                }
            case "unevaluatedProperties":
                if keyword == false, schema["additionalProperties"] == nil,
                    let declared = declaredNames(.object(object), .object(schema), depth: depth, base: base)
                {
                    for name in object.keys where !declared.names.contains(name) {
                        if !declared.patterns.contains(where: {
                            PatternMatcher.matches(name, pattern: $0) != false
                        }) {
                            return false
                        }
                    }
                }
            default:
                break
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
