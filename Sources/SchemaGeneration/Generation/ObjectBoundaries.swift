public import JSONSchema

extension InstanceGenerator {
    /// The boundary values of one object schema's properties, each property's list built once.
    struct PropertyPools {
        /// The properties in document order, then required keys the schema does not describe.
        var keys: [String]
        var required: [String]
        /// Each property's valid values, boundary ones first.
        var pools: [String: [JSONValue]]

        /// An object with `keys` at their first values, `override` in its place; nil when a key
        /// has no value.
        func object(keys chosen: [String], override: (key: String, value: JSONValue)? = nil) -> JSONValue? {
            var object = JSONObject()
            for key in keys where chosen.contains(key) {
                if let override, override.key == key {
                    object[key] = override.value
                } else {
                    guard let value = pools[key]?.first else { return nil }
                    object[key] = value
                }
            }
            return .object(object)
        }

        /// The required keys with one property at its `round`-th value, for each round of
        /// `rounds`, the properties taking turns, so a small limit still reaches the last
        /// property's edges.
        func variants(rounds: ClosedRange<Int>) -> [JSONValue] {
            var values: [JSONValue] = []
            for round in rounds {
                for key in keys {
                    guard let pool = pools[key], round < pool.count,
                        let variant = object(keys: required + [key], override: (key, pool[round]))
                    else { continue }
                    values.append(variant)
                }
            }
            return values
        }

        /// Objects with every key, each at its `round`-th value (its first where it has fewer),
        /// for the first `rounds` rounds: as parameters do (`ParameterExploration` in
        /// ContractFuzz), every property moves to its next edge at once, so a few objects show
        /// each property's bounds and far values.
        func zipped(rounds: Int) -> [JSONValue] {
            var values: [JSONValue] = []
            for round in 1...max(1, rounds) {
                guard keys.contains(where: { round < (pools[$0]?.count ?? 0) }) else { break }
                var object = JSONObject()
                for key in keys {
                    guard let pool = pools[key], !pool.isEmpty else { return values }
                    object[key] = round < pool.count ? pool[round] : pool[0]
                }
                values.append(.object(object))
            }
            return values
        }
    }

    /// How many objects move every property at once (see `PropertyPools.zipped`).
    static let zippedRounds = 4

    /// Each property's boundary values for an object location (the required ones only past
    /// `maxDepth`).
    func propertyPools(_ constraints: Constraints, depth: Int, memo: VerdictMemo) -> PropertyPools {
        let keywords = constraints.keywords
        let properties = keywords["properties"]?.objectValue ?? JSONObject()
        let required = keywords["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let allowed = constraints.allowedKeys
        var pools: [String: [JSONValue]] = [:]
        let deep = depth >= configuration.maxDepth
        for key in Set(deep ? required : properties.keys + required) where allowed?.contains(key) != false {
            let schema = properties[key] ?? keywords["additionalProperties"] ?? true
            let location = constraints.location.appending("properties").appending(key)
            pools[key] = pool(schema, at: location, depth: depth + 1, count: 1, memo: memo)
        }
        let keys = (properties.keys + required.filter { properties[$0] == nil }).filter { pools[$0] != nil }
        return PropertyPools(keys: keys, required: required, pools: pools)
    }

    /// Only the required keys, every key, every key moved to its next boundaries at once, and the
    /// required keys with one property at each boundary.
    package func objectBoundaries(_ constraints: Constraints, depth: Int, memo: VerdictMemo) -> [JSONValue] {
        let keywords = constraints.keywords
        let parts = propertyPools(constraints, depth: depth, memo: memo)
        var values: [JSONValue] = []
        if let minimal = parts.object(keys: parts.required) { values.append(minimal) }
        if depth >= configuration.maxDepth { return values }
        if let full = parts.object(keys: parts.keys) { values.append(full) }
        if let additional = keywords["additionalProperties"], additional != false, additional != true,
            constraints.allowedKeys == nil,
            case .object(var full)? = parts.object(keys: parts.keys),
            let extra = pool(
                additional, at: constraints.location.appending("additionalProperties"), depth: depth + 1,
                count: 1, memo: memo
            ).first
        {
            full["extra1"] = extra
            values.append(.object(full))
        }
        return values + parts.zipped(rounds: Self.zippedRounds) + parts.variants(rounds: 1...6)
    }

    /// For an object schema (one without alternatives at its top), the objects with the required
    /// properties at their first boundary value and one property at its next ones (rounds 1 to
    /// `rounds`), the properties taking turns; each valid for `schema`. Empty for other schemas.
    ///
    /// What a budget of boundary instances cannot always reach on a body with many properties:
    /// each property's edges on their own, the others plain (Prefect's `time_interval` of 2^31
    /// seconds is a 500 only while the event filter leaves the time range to its default).
    public func propertyBoundaries(for schema: JSONValue, rounds: Int) -> [JSONValue] {
        guard rounds > 0, let constraints = try? flatten(schema, at: .root, hops: 0),
            constraints.choices.isEmpty,
            let types = try? candidateTypes(constraints, depth: 0), types.contains("object")
        else { return [] }
        let memo = VerdictMemo()
        let parts = propertyPools(constraints, depth: 0, memo: memo)
        return parts.variants(rounds: 1...rounds).filter { matches($0, schema, memo: memo) }
    }
}
