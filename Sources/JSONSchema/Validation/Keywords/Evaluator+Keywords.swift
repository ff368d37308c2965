extension Evaluator {
    /// Evaluates one keyword of the current node against `instance`.
    mutating func evaluate(
        _ keyword: Keyword, _ instance: JSONValue, _ annotations: inout Annotations, collecting: Bool
    ) -> Bool {
        switch keyword {
        case .ref(let target):
            return descend(target, instance, keyword: ["$ref"], &annotations, collect: collecting)
        case .dynamicRef(let target, let anchor):
            return descend(
                dynamicTarget(target, anchor: anchor), instance, keyword: ["$dynamicRef"], &annotations,
                collect: collecting)
        case .allOf(let schemas):
            return allOf(schemas, instance, &annotations, collecting: collecting)
        case .anyOf(let schemas):
            return anyOf(schemas, instance, &annotations, collecting: collecting)
        case .oneOf(let schemas):
            return oneOf(schemas, instance, &annotations, collecting: collecting)
        case .not(let schema):
            var ignored = Annotations()
            let matched = quietly { $0.descend(schema, instance, keyword: ["not"], &ignored, collect: false) }
            if matched && verbose { report("not", suffix: ["not"], "must not match the schema in \"not\"") }
            return !matched
        case .conditional(let condition, let then, let otherwise):
            return conditional(condition, then, otherwise, instance, &annotations, collecting: collecting)
        case .dependentSchemas(let dependencies):
            guard case .object(let object) = instance else { return true }
            var valid = true
            for (name, schema) in dependencies where MemberLookup.contains(name, in: object) {
                if !descend(
                    schema, instance, keyword: ["dependentSchemas", name], &annotations, collect: collecting)
                {
                    valid = false
                    if !verbose { return false }
                }
            }
            return valid
        case .prefixItems, .items, .contains, .unevaluatedItems:
            guard case .array(let elements) = instance else { return true }
            return evaluateArray(keyword, elements, &annotations, collecting: collecting)
        case .properties, .patternProperties, .additionalProperties, .propertyNames, .unevaluatedProperties:
            guard case .object(let object) = instance else { return true }
            return evaluateObject(keyword, object, &annotations, collecting: collecting)
        default:
            return assert(keyword, instance)
        }
    }

    private func dynamicTarget(_ target: Int, anchor: String?) -> Int {
        guard let anchor else { return target }
        for resource in dynamicScope {
            if let found = program.resources[resource].dynamicAnchors[anchor] { return found }
        }
        return target
    }

    private mutating func allOf(
        _ schemas: [Int], _ instance: JSONValue, _ annotations: inout Annotations, collecting: Bool
    ) -> Bool {
        var valid = true
        for (position, schema) in schemas.enumerated() {
            if !descend(
                schema, instance, keyword: ["allOf", String(position)], &annotations, collect: collecting)
            {
                valid = false
                if !verbose { return false }
            }
        }
        return valid
    }

    private mutating func anyOf(
        _ schemas: [Int], _ instance: JSONValue, _ annotations: inout Annotations, collecting: Bool
    ) -> Bool {
        let mark = errors.count
        var valid = false
        for (position, schema) in schemas.enumerated() {
            if descend(
                schema, instance, keyword: ["anyOf", String(position)], &annotations, collect: collecting)
            {
                valid = true
                if !collecting { break }
            }
        }
        if verbose {
            if valid {
                errors.removeSubrange(mark...)
            } else {
                report(
                    "anyOf", suffix: ["anyOf"],
                    "does not match any of the \(schemas.count) alternatives in \"anyOf\"")
                errors.insert(errors.removeLast(), at: mark)
            }
        }
        return valid
    }

    private mutating func oneOf(
        _ schemas: [Int], _ instance: JSONValue, _ annotations: inout Annotations, collecting: Bool
    ) -> Bool {
        let mark = errors.count
        var matches: [Int] = []
        var matchedAnnotations = Annotations()
        for (position, schema) in schemas.enumerated() {
            var branch = Annotations()
            if descend(schema, instance, keyword: ["oneOf", String(position)], &branch, collect: collecting) {
                matches.append(position)
                matchedAnnotations = branch
                if matches.count > 1 && !verbose { return false }
            }
        }
        if matches.count == 1 {
            if verbose { errors.removeSubrange(mark...) }
            if collecting { annotations.merge(matchedAnnotations) }
            return true
        }
        if verbose {
            if matches.isEmpty {
                report(
                    "oneOf", suffix: ["oneOf"],
                    "does not match any of the \(schemas.count) alternatives in \"oneOf\"")
                errors.insert(errors.removeLast(), at: mark)
            } else {
                errors.removeSubrange(mark...)
                let list = matches.map(String.init).joined(separator: ", ")
                report(
                    "oneOf", suffix: ["oneOf"],
                    "matches \(matches.count) alternatives of \"oneOf\" (at indexes \(list)), expected exactly one"
                )
            }
        }
        return false
    }

    private mutating func conditional(
        _ condition: Int, _ then: Int?, _ otherwise: Int?, _ instance: JSONValue,
        _ annotations: inout Annotations,
        collecting: Bool
    ) -> Bool {
        if then == nil && otherwise == nil && !collecting { return true }
        var conditionAnnotations = Annotations()
        let holds = quietly {
            $0.descend(condition, instance, keyword: ["if"], &conditionAnnotations, collect: collecting)
        }
        if holds {
            if collecting { annotations.merge(conditionAnnotations) }
            guard let then else { return true }
            return descend(then, instance, keyword: ["then"], &annotations, collect: collecting)
        }
        guard let otherwise else { return true }
        return descend(otherwise, instance, keyword: ["else"], &annotations, collect: collecting)
    }

    /// An item or property against the subschema `keyword` gives it; a `false` subschema is
    /// reported with `notAllowed` rather than descended into.
    mutating func checkMember(
        _ schema: Int, _ value: JSONValue, token: @autoclosure () -> String, keyword: String,
        _ notAllowed: @autoclosure () -> String
    ) -> Bool {
        var ignored = Annotations()
        if program.nodes[schema].constant == false {
            if verbose {
                instancePath.append(token())
                report(keyword, suffix: [keyword], notAllowed())
                instancePath.removeLast()
            }
            return false
        }
        return descendInstance(
            schema, value, keyword: [keyword], instanceToken: token(), &ignored, collect: false)
    }
}
