package import JSONSchema

extension InstanceGenerator {
    /// Valid values for a sub-schema, boundary ones first, topped up with seeded random instances.
    func pool(
        _ schema: JSONValue, at location: JSONPointer, depth: Int, count: Int, memo: VerdictMemo
    )
        -> [JSONValue]
    {
        let key = VerdictMemo.PoolKey(schema: schema, depth: depth, count: count)
        if let known = memo.pool(key) { return known }
        let values = freshPool(schema, at: location, depth: depth, count: count, memo: memo)
        memo.recordPool(key, values)
        return values
    }

    private func freshPool(
        _ schema: JSONValue, at location: JSONPointer, depth: Int, count: Int, memo: VerdictMemo
    )
        -> [JSONValue]
    {
        guard let constraints = try? flatten(schema, at: location, hops: 0) else { return [] }
        var values = boundaries(constraints, depth: depth, memo: memo).filter { value in
            guard matches(value, schema, at: location, memo: memo) else { return false }
            memo.recordValid(value, schema)
            return true
        }
        var seed: UInt64 = 0
        while values.count < count && seed < UInt64(count) * 2 {
            var context = Context(rng: SeededRandom(seed: seed), memo: memo)
            // The boundary filters of the enclosing levels check these values with the memo.
            context.enclosingCheck = true
            seed += 1
            if let value = try? generate(constraints, depth: depth, context: &context),
                !values.contains(value)
            {
                values.append(value)
            }
        }
        return values
    }

    /// The empty (or minimal) array, a full one, and one showing each item boundary once.
    package func arrayBoundaries(_ constraints: Constraints, depth: Int, memo: VerdictMemo) -> [JSONValue] {
        let keywords = constraints.keywords
        let location = constraints.location
        let minimum = max(0, keywords["minItems"]?.intValue ?? 0)
        let prefix = keywords["prefixItems"]?.arrayValue ?? []
        let items = keywords["items"] ?? true
        let unique = keywords["uniqueItems"]?.boolValue == true
        var maximum = min(keywords["maxItems"]?.intValue ?? configuration.maxArrayLength, max(minimum, 64))
        if items == false { maximum = min(maximum, prefix.count) }
        guard maximum >= minimum else { return [] }
        let itemsPool = pool(
            items, at: location.appending("items"), depth: depth + 1, count: maximum, memo: memo)
        let prefixPools = prefix.enumerated().map { offset, schema in
            pool(
                schema, at: location.appending("prefixItems").appending(offset), depth: depth + 1, count: 1,
                memo: memo)
        }
        func array(length: Int, shift: Int) -> JSONValue? {
            var elements: [JSONValue] = []
            for index in 0..<length {
                let source = index < prefixPools.count ? prefixPools[index] : itemsPool
                guard !source.isEmpty else { return nil }
                let position =
                    index < prefixPools.count ? 0 : (index - prefixPools.count + shift) % source.count
                if unique && index >= prefixPools.count && index - prefixPools.count >= source.count {
                    return nil
                }
                elements.append(source[position])
            }
            return .array(elements)
        }
        var lengths = [minimum, maximum]
        if let contains = keywords["contains"],
            let withContains = pool(contains, at: location, depth: depth + 1, count: 1, memo: memo).first,
            let base = array(length: max(0, minimum - 1), shift: 0)?.arrayValue
        {
            lengths.removeAll()
            var values: [JSONValue] = [.array([withContains] + base)]
            if let full = array(length: maximum - 1, shift: 0)?.arrayValue {
                values.append(.array([withContains] + full))
            }
            return values
        }
        if depth >= configuration.maxDepth { lengths = [minimum] }
        var values = lengths.compactMap { array(length: $0, shift: 0) }
        let variety = min(maximum, max(minimum, itemsPool.count + prefixPools.count))
        if let mixed = array(length: variety, shift: 0) { values.append(mixed) }
        if let shifted = array(length: max(minimum, min(maximum, 1 + prefixPools.count)), shift: 1) {
            values.append(shifted)
        }
        return values
    }
}
