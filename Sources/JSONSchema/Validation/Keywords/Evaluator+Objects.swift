extension Evaluator {
    /// The object applicators: `properties`, `patternProperties`, `additionalProperties`,
    /// `propertyNames`, `unevaluatedProperties`.
    mutating func evaluateObject(
        _ keyword: Keyword, _ object: JSONObject, _ annotations: inout Annotations, collecting: Bool
    ) -> Bool {
        switch keyword {
        case .properties(let schemas):
            return properties(schemas, object, &annotations, collecting: collecting)
        case .patternProperties(let patterns):
            return patternProperties(patterns, object, &annotations, collecting: collecting)
        case .additionalProperties(let schema, let known, let patterns, let followsProperties):
            if followsProperties && matchedPropertyCount == object.count { return true }
            var valid = true
            for (name, value) in object
            where !known.contains(name)
                && (patterns.isEmpty || !patterns.contains(where: { $0.matches(name) }))
            {
                if collecting { annotations.properties.insert(name) }
                if !checkProperty(schema, name, value, keyword: "additionalProperties") {
                    valid = false
                    if !verbose { return false }
                }
            }
            return valid
        case .propertyNames(let schema):
            return propertyNames(schema, object)
        case .unevaluatedProperties(let schema):
            var valid = true
            for (name, value) in object where !annotations.properties.contains(name) {
                if !checkProperty(schema, name, value, keyword: "unevaluatedProperties") {
                    valid = false
                    if !verbose { return false }
                }
                annotations.properties.insert(name)
            }
            return valid
        default:
            return true
        }
    }

    private mutating func properties(
        _ schemas: [(name: String, schema: Int)], _ object: JSONObject, _ annotations: inout Annotations,
        collecting: Bool
    ) -> Bool {
        var ignored = Annotations()
        var valid = true
        var matched = 0
        var cursor = 0
        defer { matchedPropertyCount = matched }
        for (name, schema) in schemas {
            guard let value = MemberLookup.value(of: name, in: object, cursor: &cursor) else { continue }
            matched += 1
            if collecting { annotations.properties.insert(name) }
            if !descendInstance(
                schema, value, keyword: ["properties", name], instanceToken: name, &ignored, collect: false)
            {
                valid = false
                if !verbose { return false }
            }
        }
        return valid
    }

    private mutating func patternProperties(
        _ patterns: [(pattern: ECMARegex, schema: Int)], _ object: JSONObject,
        _ annotations: inout Annotations,
        collecting: Bool
    ) -> Bool {
        var ignored = Annotations()
        var valid = true
        for (name, value) in object {
            for (pattern, schema) in patterns where pattern.matches(name) {
                if collecting { annotations.properties.insert(name) }
                if !descendInstance(
                    schema, value, keyword: ["patternProperties", pattern.source], instanceToken: name,
                    &ignored, collect: false)
                {
                    valid = false
                    if !verbose { return false }
                }
            }
        }
        return valid
    }

    private mutating func propertyNames(_ schema: Int, _ object: JSONObject) -> Bool {
        var ignored = Annotations()
        var valid = true
        for (name, _) in object {
            let matches = quietly {
                $0.descendInstance(
                    schema, .string(name), keyword: ["propertyNames"], &ignored, collect: false)
            }
            if !matches {
                valid = false
                guard verbose else { return false }
                report(
                    "propertyNames", suffix: ["propertyNames"],
                    "property name \(MessageText.quoted(name)) does not match the \"propertyNames\" schema"
                )
            }
        }
        return valid
    }

    private mutating func checkProperty(_ schema: Int, _ name: String, _ value: JSONValue, keyword: String)
        -> Bool
    {
        checkMember(
            schema, value, token: name, keyword: keyword,
            "property \(MessageText.quoted(name)) is not allowed (\(keyword) is false)")
    }
}
