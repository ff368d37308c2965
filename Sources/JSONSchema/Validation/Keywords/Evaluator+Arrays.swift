extension Evaluator {
    /// The array applicators: `prefixItems`, `items`, `contains`, `unevaluatedItems`.
    mutating func evaluateArray(
        _ keyword: Keyword, _ elements: [JSONValue], _ annotations: inout Annotations, collecting: Bool
    ) -> Bool {
        switch keyword {
        case .prefixItems(let schemas):
            return prefixItems(schemas, elements, &annotations, collecting: collecting)
        case .items(let schema, let prefixCount):
            let valid = eachItem(schema, elements, from: prefixCount, keyword: "items")
            if collecting { annotations.allItems = true }
            return valid
        case .contains(let schema, let minimum, let maximum):
            return contains(
                schema, minimum: minimum, maximum: maximum, elements, &annotations, collecting: collecting)
        case .unevaluatedItems(let schema):
            if annotations.allItems { return true }
            var valid = true
            for position in elements.indices where !annotations.isItemEvaluated(position) {
                if !checkItem(schema, elements[position], position, keyword: "unevaluatedItems") {
                    valid = false
                    if !verbose { return false }
                }
            }
            annotations.allItems = true
            return valid
        default:
            return true
        }
    }

    private mutating func prefixItems(
        _ schemas: [Int], _ elements: [JSONValue], _ annotations: inout Annotations, collecting: Bool
    ) -> Bool {
        var ignored = Annotations()
        var valid = true
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
        return valid
    }

    private mutating func contains(
        _ schema: Int, minimum: Int, maximum: Int?, _ elements: [JSONValue], _ annotations: inout Annotations,
        collecting: Bool
    ) -> Bool {
        var ignored = Annotations()
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
        return true
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
        checkMember(
            schema, element, token: String(position), keyword: keyword,
            "item at index \(position) is not allowed (\(keyword) is false)")
    }
}
