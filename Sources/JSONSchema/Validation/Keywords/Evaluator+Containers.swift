extension Evaluator {
    /// The array applicators: `prefixItems`, `items`, `contains`, `unevaluatedItems`.
    mutating func evaluateArray(
        _ keyword: Keyword, _ elements: [JSONValue], _ annotations: inout Annotations, collecting: Bool
    ) -> Bool {
        var ignored = Annotations()
        var valid = true
        switch keyword {
        case .prefixItems(let schemas):
            let count = min(schemas.count, elements.count)
            for position in 0..<count
            where !descendInstance(
                schemas[position], elements[position], keyword: ["prefixItems", String(position)],
                instanceToken: String(position), &ignored, collect: false)
            {
                valid = false
                if !verbose { return false }
            }
            if collecting { annotations.itemPrefix = max(annotations.itemPrefix, count) }
        case .items(let schema, let prefixCount):
            valid = eachItem(schema, elements, from: prefixCount, keyword: "items")
            if collecting { annotations.allItems = true }
        case .contains(let schema, let minimum, let maximum):
            var matched = 0
            for (position, element) in elements.enumerated() {
                let matches = quietly {
                    $0.descendInstance(
                        schema, element, keyword: ["contains"], instanceToken: String(position), &ignored,
                        collect: false)
                }
                if matches {
                    matched += 1
                    if collecting { annotations.itemIndices.insert(position) }
                    if !collecting && maximum == nil && matched >= minimum { break }
                }
            }
            if matched < minimum {
                if verbose {
                    report(
                        "contains", suffix: ["contains"],
                        "expected at least \(MessageText.plural(minimum, "item")) matching \"contains\", got \(matched)"
                    )
                }
                return false
            }
            if let maximum, matched > maximum {
                if verbose {
                    report(
                        "maxContains", suffix: ["maxContains"],
                        "expected at most \(MessageText.plural(maximum, "item")) matching \"contains\", got \(matched)"
                    )
                }
                return false
            }
        case .unevaluatedItems(let schema):
            if annotations.allItems { return true }
            for position in elements.indices where !annotations.isItemEvaluated(position) {
                if !checkItem(schema, elements[position], position, keyword: "unevaluatedItems") {
                    valid = false
                    if !verbose { return false }
                }
            }
            annotations.allItems = true
        default:
            break
        }
        return valid
    }

    private mutating func eachItem(_ schema: Int, _ elements: [JSONValue], from start: Int, keyword: String)
        -> Bool
    {
        guard start < elements.count else { return true }
        var valid = true
        for position in start..<elements.count
        where !checkItem(schema, elements[position], position, keyword: keyword) {
            valid = false
            if !verbose { return false }
        }
        return valid
    }

    private mutating func checkItem(_ schema: Int, _ element: JSONValue, _ position: Int, keyword: String)
        -> Bool
    {
        var ignored = Annotations()
        if program.nodes[schema].constant == false {
            if verbose {
                instancePath.append(String(position))
                report(
                    keyword, suffix: [keyword],
                    "item at index \(position) is not allowed (\(keyword) is false)")
                instancePath.removeLast()
            }
            return false
        }
        return descendInstance(
            schema, element, keyword: [keyword], instanceToken: String(position), &ignored, collect: false)
    }

    /// The object applicators: `properties`, `patternProperties`, `additionalProperties`,
    /// `propertyNames`, `unevaluatedProperties`.
    mutating func evaluateObject(
        _ keyword: Keyword, _ object: JSONObject, _ annotations: inout Annotations, collecting: Bool
    ) -> Bool {
        var ignored = Annotations()
        var valid = true
        switch keyword {
        case .properties(let schemas):
            var matched = 0
            var cursor = 0
            defer { matchedPropertyCount = matched }
            for (name, schema) in schemas {
                guard let value = MemberLookup.value(of: name, in: object, cursor: &cursor) else { continue }
                matched += 1
                if collecting { annotations.properties.insert(name) }
                if !descendInstance(
                    schema, value, keyword: ["properties", name], instanceToken: name, &ignored,
                    collect: false)
                {
                    valid = false
                    if !verbose { return false }
                }
            }
        case .patternProperties(let patterns):
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
        case .additionalProperties(let schema, let known, let patterns, let followsProperties):
            if followsProperties && matchedPropertyCount == object.count { return true }
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
        case .propertyNames(let schema):
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
        case .unevaluatedProperties(let schema):
            for (name, value) in object where !annotations.properties.contains(name) {
                if !checkProperty(schema, name, value, keyword: "unevaluatedProperties") {
                    valid = false
                    if !verbose { return false }
                }
                annotations.properties.insert(name)
            }
        default:
            break
        }
        return valid
    }

    private mutating func checkProperty(_ schema: Int, _ name: String, _ value: JSONValue, keyword: String)
        -> Bool
    {
        var ignored = Annotations()
        if program.nodes[schema].constant == false {
            if verbose {
                instancePath.append(name)
                report(
                    keyword, suffix: [keyword],
                    "property \(MessageText.quoted(name)) is not allowed (\(keyword) is false)")
                instancePath.removeLast()
            }
            return false
        }
        return descendInstance(
            schema, value, keyword: [keyword], instanceToken: name, &ignored, collect: false)
    }
}
