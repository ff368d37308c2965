package import JSONSchema

extension InstanceGenerator {
    package func randomArray(_ constraints: Constraints, depth: Int, context: inout Context)
        throws(GenerationError)
        -> JSONValue
    {
        let location = constraints.location
        let planned = constraints.plan?.array ?? GenerationPlan.ArrayKeywords(constraints.keywords)
        let minimum = planned.minimum
        let prefix = planned.prefix
        let items = planned.items
        let unique = planned.unique
        let contains = planned.contains
        let minContains = planned.minContains
        let length = try arrayLength(planned, at: location, depth: depth, context: &context)
        // Positions that must match `contains`, spread over the array.
        let containsPositions = Set(context.rng.shuffled(Array(0..<length)).prefix(minContains))
        var elements: [JSONValue] = []
        for index in 0..<length {
            var schema = index < prefix.count ? prefix[index] : items
            func itemLocation() -> JSONPointer {
                index < prefix.count
                    ? location.appending("prefixItems").appending(index) : location.appending("items")
            }
            var element: JSONValue
            var schemaLocation: JSONPointer?
            if containsPositions.contains(index), let contains {
                schema = .array([schema, contains]).wrapped("allOf")
                schemaLocation = location.appending("contains")
                element = try generate(
                    schema, at: location.appending("contains"), depth: depth + 1, context: &context)
            } else {
                element = try generateChild(
                    of: constraints, role: index < prefix.count ? .prefixItem(index) : .items, schema,
                    at: itemLocation(), depth: depth + 1, context: &context)
            }
            var tries = 0
            while unique && elements.contains(element) {
                tries += 1
                guard tries < configuration.attemptsPerValue else {
                    if index >= minimum { return .array(elements) }
                    throw GenerationError(.exhausted, at: location, "could not find \(minimum) unique items")
                }
                element = try generate(
                    schema, at: schemaLocation ?? itemLocation(), depth: depth + 1, context: &context)
            }
            elements.append(element)
        }
        return .array(elements)
    }

    /// A length the array's keywords allow, checked for contradictions first: at most the
    /// configured length (the minimum once deep enough), at least what `contains` needs.
    private func arrayLength(
        _ planned: GenerationPlan.ArrayKeywords, at location: JSONPointer, depth: Int, context: inout Context
    ) throws(GenerationError) -> Int {
        let minimum = planned.minimum
        let minContains = planned.minContains
        if let maximum = planned.maximum, maximum < minimum {
            throw GenerationError(.contradictory, at: location, "maxItems \(maximum) < minItems \(minimum)")
        }
        if planned.contains != nil, let maxContains = planned.maxContains, maxContains < minContains {
            throw GenerationError(
                .contradictory, at: location, "maxContains \(maxContains) < minContains \(minContains)")
        }
        var capacity = planned.maximum ?? Int.max
        if planned.items == false { capacity = min(capacity, planned.prefix.count) }
        if let closed = planned.prefix.firstIndex(of: false) { capacity = min(capacity, closed) }
        if capacity < minimum || capacity < minContains {
            throw GenerationError(.contradictory, at: location, "the array cannot reach its minimum size")
        }
        let preferred = depth >= configuration.maxDepth ? minimum : max(minimum, configuration.maxArrayLength)
        return context.rng.int(
            in: max(minimum, minContains)...max(minimum, minContains, min(capacity, preferred)))
    }

    package func randomObject(_ constraints: Constraints, depth: Int, context: inout Context)
        throws(GenerationError)
        -> JSONValue
    {
        let planned = constraints.plan?.object ?? GenerationPlan.ObjectKeywords(constraints.keywords)
        let picked = try chosenKeys(planned, constraints, depth: depth, context: &context)
        var chosen = picked.chosen
        let dependentProperties = picked.dependentProperties
        var object = JSONObject()
        for (key, schema) in planned.properties.members where chosen.contains(key) {
            do throws(GenerationError) {
                object[key] = try generateChild(
                    of: constraints, role: .property(key), schema,
                    at: constraints.location.appending("properties").appending(key), depth: depth + 1,
                    context: &context)
            } catch {
                // An optional property nothing satisfies (`"legacy": false`) is simply left out
                // (not filled from `additionalProperties` below, which does not apply to it).
                if planned.required.contains(key) || error.reason == .unresolvableReference { throw error }
                chosen.removeAll { $0 == key }
            }
        }
        // Every chosen key is usually a property filled above (the object's keys are chosen keys,
        // so equal counts mean none is missing); only then is looking each one up skipped.
        for key in chosen where object.count < chosen.count && object[key] == nil {
            if let schema = dependentProperties[key] {
                object[key] = try generate(
                    schema, at: constraints.location.appending("dependentSchemas").appending(key),
                    depth: depth + 1, context: &context)
                continue
            }
            object[key] = try additionalValue(constraints, key: key, depth: depth, context: &context)
        }
        try addExtraProperties(to: &object, planned, constraints, depth: depth, context: &context)
        return .object(object)
    }

    /// The keys an object gets: the required ones, optional ones by chance, those present keys
    /// depend on, optional ones up to `minProperties`, then as many dropped as `maxProperties` asks;
    /// and the schemas `dependentSchemas` gives the keys it brings.
    private func chosenKeys(
        _ planned: GenerationPlan.ObjectKeywords, _ constraints: Constraints, depth: Int,
        context: inout Context
    ) throws(GenerationError) -> (chosen: [String], dependentProperties: JSONObject) {
        let location = constraints.location
        let properties = planned.properties
        let required = planned.required
        let allowed = constraints.allowedKeys
        if let allowed, let missing = required.first(where: { !allowed.contains($0) }) {
            throw GenerationError(
                .contradictory, at: location, "required \"\(missing)\" is not an allowed property")
        }
        if required.count > planned.maximum {
            throw GenerationError(.contradictory, at: location, "more required properties than maxProperties")
        }
        var chosen = required
        let optional = properties.keys.filter { !required.contains($0) && allowed?.contains($0) != false }
        let probability = depth >= configuration.maxDepth ? 0 : configuration.optionalPropertyProbability
        for key in optional where context.rng.chance(probability) { chosen.append(key) }
        if let dependencies = planned.dependentRequired {
            for (key, needed) in dependencies where chosen.contains(key) {
                for name in needed.arrayValue?.compactMap(\.stringValue) ?? [] where !chosen.contains(name) {
                    chosen.append(name)
                }
            }
        }
        // `dependentSchemas`: a present key brings the properties its schema requires.
        var dependentProperties = JSONObject()
        if let dependencies = planned.dependentSchemas {
            for (key, schema) in dependencies where chosen.contains(key) {
                for name in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
                where !chosen.contains(name) {
                    chosen.append(name)
                }
                for (name, value) in schema["properties"]?.objectValue ?? JSONObject()
                where properties[name] == nil {
                    dependentProperties[name] = value
                }
            }
        }
        for key in optional where chosen.count < planned.minimum && !chosen.contains(key) {
            chosen.append(key)
        }
        while chosen.count > planned.maximum, let drop = chosen.lastIndex(where: { !required.contains($0) }) {
            chosen.remove(at: drop)
        }
        return (chosen, dependentProperties)
    }

    /// Properties beyond the declared ones, from `patternProperties` or `additionalProperties`:
    /// as many as `minProperties` still needs, and sometimes one more where the schema allows it.
    private func addExtraProperties(
        to object: inout JSONObject, _ planned: GenerationPlan.ObjectKeywords, _ constraints: Constraints,
        depth: Int, context: inout Context
    ) throws(GenerationError) {
        let location = constraints.location
        let additional = planned.additional
        let patterns = planned.patterns
        let allowed = constraints.allowedKeys
        let extras = additional.map { $0 != false && $0 != true } ?? !patterns.isEmpty
        var wanted = planned.minimum - object.count
        if extras && allowed == nil && depth < configuration.maxDepth
            && context.rng.chance(configuration.extraPropertyProbability)
        {
            wanted = max(wanted, 1)
        }
        var serial = 0
        var attempts = 0
        while wanted > 0 && object.count < planned.maximum && attempts < configuration.attemptsPerValue {
            attempts += 1
            guard allowed == nil, additional != false || !patterns.isEmpty else {
                throw GenerationError(
                    .contradictory, at: location, "minProperties needs keys the schema forbids")
            }
            if !patterns.isEmpty && (additional == false || context.rng.chance(0.5)) {
                guard let (pattern, schema) = context.rng.element(of: patterns.members),
                    let regex = PatternPlans.regex(pattern, format: nil)
                else { continue }
                let key = regex.generate(using: &context.rng, extra: 3)
                guard object[key] == nil, planned.properties[key] == nil,
                    PatternMatcher.matches(key, pattern: pattern) == true
                else { continue }
                let patternLocation = location.appending("patternProperties").appending(pattern)
                object[key] = try generate(schema, at: patternLocation, depth: depth + 1, context: &context)
                wanted -= 1
                continue
            }
            serial += 1
            let key = Self.extraKey(serial, names: constraints.keywords["propertyNames"], rng: &context.rng)
            guard planned.properties[key] == nil, object[key] == nil else { continue }
            object[key] = try additionalValue(constraints, key: key, depth: depth, context: &context)
            wanted -= 1
        }
    }

    /// The name of an extra property: `extraN`, or one that `propertyNames` allows (its `const`,
    /// an `enum` member, or a string its `pattern` generates).
    static func extraKey(_ serial: Int, names: JSONValue?, rng: inout SeededRandom) -> String {
        guard let names else { return "extra\(serial)" }
        if let constant = names["const"]?.stringValue { return constant }
        if let members = names["enum"]?.arrayValue?.compactMap(\.stringValue),
            let member = rng.element(of: members)
        {
            return member
        }
        if let pattern = names["pattern"]?.stringValue, let regex = try? RegexSubset(pattern) {
            return regex.generate(using: &rng, extra: 3)
        }
        return "extra\(serial)"
    }

    /// A value for a key not listed in `properties`: valid for `additionalProperties` when present.
    private func additionalValue(_ constraints: Constraints, key: String, depth: Int, context: inout Context)
        throws(GenerationError) -> JSONValue
    {
        let schema =
            constraints.keywords["additionalProperties"] ?? constraints.keywords["unevaluatedProperties"]
            ?? true
        return try generate(
            schema, at: constraints.location.appending("additionalProperties"), depth: depth + 1,
            context: &context)
    }
}
