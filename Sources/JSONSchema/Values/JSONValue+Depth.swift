extension JSONValue {
    /// How deeply arrays and objects nest in the value (a scalar is 0, `[[1]]` is 2), counted
    /// without recursion and no further than `limit + 1`: callers only ask whether a value is
    /// deeper than some bound, so a deep value is not walked to its end.
    public func nestingDepth(upTo limit: Int) -> Int {
        var deepest = 0
        var pending: [(value: JSONValue, depth: Int)] = [(self, 0)]
        while let (value, depth) = pending.popLast() {
            let children: [JSONValue]
            switch value {
            case .array(let elements): children = elements
            case .object(let object): children = object.values
            default: continue
            }
            let level = depth + 1
            deepest = max(deepest, level)
            if deepest > limit { return deepest }
            for child in children {
                switch child {
                case .array, .object: pending.append((child, level))
                default: continue
                }
            }
        }
        return deepest
    }
}
