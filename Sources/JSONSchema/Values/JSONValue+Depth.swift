extension JSONValue {
    /// How deeply arrays and objects nest in the value (a scalar is 0, `[[1]]` is 2), counted no
    /// further than `limit + 1`: callers only ask whether a value is deeper than some bound, so a
    /// deep value is not walked to its end, and the recursion stays `limit + 1` levels deep.
    public func nestingDepth(upTo limit: Int) -> Int {
        switch self {
        case .array(let elements): return 1 + Self.deepest(of: elements.lazy, upTo: limit - 1)
        case .object(let object):
            return 1 + Self.deepest(of: object.members.lazy.map(\.value), upTo: limit - 1)
        default: return 0
        }
    }

    private static func deepest(of children: some Sequence<JSONValue>, upTo limit: Int) -> Int {
        guard limit >= 0 else { return 0 }
        var deepest = 0
        for child in children {
            switch child {
            case .array, .object:
                deepest = max(deepest, child.nestingDepth(upTo: limit))
                if deepest > limit { return deepest }
            default: continue
            }
        }
        return deepest
    }
}
