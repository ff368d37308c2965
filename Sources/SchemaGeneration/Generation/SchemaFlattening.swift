package import JSONSchema

extension InstanceGenerator {
    /// Follows `$ref`s and folds `allOf` branches into one `Constraints`.
    ///
    /// `hops` counts references followed without descending into an instance, so a reference cycle
    /// such as `A → B → A` ends in an error instead of recursing forever.
    package func flatten(_ schema: JSONValue, at location: JSONPointer, hops: Int) throws(GenerationError)
        -> Constraints
    {
        var constraints = Constraints(location: location)
        constraints.original = schema
        try fold(schema, at: location, hops: hops, into: &constraints)
        return constraints
    }

    private func fold(
        _ schema: JSONValue, at location: JSONPointer, hops: Int, into constraints: inout Constraints
    )
        throws(GenerationError)
    {
        switch schema {
        case .bool(true):
            return
        case .bool(false):
            throw GenerationError(.contradictory, at: location, "the schema `false` accepts no value")
        case .object(let object):
            try foldMembers(of: object, schema: schema, at: location, hops: hops, into: &constraints)
        default:
            throw GenerationError(.invalidSchema, at: location, "a schema must be an object or a boolean")
        }
    }

    /// Folds each keyword of a schema object: references followed, `allOf` branches folded, the
    /// other applicators kept as choices, annotations skipped, everything else merged.
    private func foldMembers(
        of object: JSONObject, schema: JSONValue, at location: JSONPointer, hops: Int,
        into constraints: inout Constraints
    ) throws(GenerationError) {
        var contributes = false
        defer { if contributes { constraints.mergedObjects += 1 } }
        for (key, value) in object {
            switch key {
            case "$ref", "$dynamicRef":
                try followReference(key, value, from: schema, at: location, hops: hops, into: &constraints)
            case "allOf":
                for (offset, branch) in (value.arrayValue ?? []).enumerated() {
                    try fold(
                        branch, at: location.appending(key).appending(offset), hops: hops, into: &constraints)
                }
            case "anyOf", "oneOf":
                guard let branches = value.arrayValue, !branches.isEmpty else {
                    throw GenerationError(
                        .invalidSchema, at: location.appending(key), "needs a non-empty array")
                }
                constraints.choices.append(
                    .init(
                        kind: key == "anyOf" ? .anyOf : .oneOf, branches: branches,
                        location: location.appending(key)))
            case "if":
                let then = object["then"] ?? true
                let otherwise = object["else"] ?? true
                let branches: [JSONValue] = [.array([value, then]).wrapped("allOf"), otherwise]
                constraints.choices.append(.init(kind: .conditional, branches: branches, location: location))
            case "then", "else", "$defs", "definitions", "$id", "$schema", "$anchor", "$dynamicAnchor",
                "$comment", "title", "description", "examples", "default", "deprecated", "readOnly",
                "writeOnly":
                continue
            case "additionalProperties" where value == false && object["patternProperties"] == nil:
                let names = Set((object["properties"]?.objectValue?.keys ?? []))
                constraints.allowedKeys = constraints.allowedKeys.map { $0.intersection(names) } ?? names
                constraints.merge(key, value)
                contributes = true
            default:
                constraints.merge(key, value)
                contributes = true
            }
        }
    }

    /// Folds the target of a `$ref` or `$dynamicRef`, refusing a cycle.
    private func followReference(
        _ key: String, _ value: JSONValue, from schema: JSONValue, at location: JSONPointer, hops: Int,
        into constraints: inout Constraints
    ) throws(GenerationError) {
        guard let reference = value.stringValue,
            let target = document.resolve(reference, base: document.base(at: location, for: schema))
        else {
            throw GenerationError(
                .unresolvableReference, at: location.appending(key), "cannot resolve \(value.compactText)")
        }
        guard hops < 32 else {
            throw GenerationError(.invalidSchema, at: location.appending(key), "reference cycle")
        }
        constraints.followsReference = true
        try fold(target.schema, at: target.pointer, hops: hops + 1, into: &constraints)
    }
}

extension Constraints {
    /// These constraints combined with a chosen branch's.
    package func merging(_ other: Constraints) throws(GenerationError) -> Constraints {
        var result = self
        result.plan = nil
        for (key, value) in other.keywords { result.merge(key, value) }
        result.choices += other.choices
        if let keys = other.allowedKeys {
            result.allowedKeys = result.allowedKeys.map { $0.intersection(keys) } ?? keys
        }
        result.followsReference = result.followsReference || other.followsReference
        result.mergedObjects += other.mergedObjects
        return result
    }
}
