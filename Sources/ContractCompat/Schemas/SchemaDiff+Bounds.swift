import JSONSchema

extension SchemaDiff {
    /// The numeric bounds (compared as effective bounds, so `minimum: 0` → `exclusiveMinimum: 0`
    /// reads as a raised minimum) and the length and count bounds, each with the keyword it is
    /// reported at.
    static func boundFacts(_ old: SchemaView, _ new: SchemaView) -> [(SchemaFact, String)] {
        var facts: [(SchemaFact, String)] = []
        if let fact = numericFact(old.lower, new.lower, lower: true) { facts.append(fact) }
        if let fact = numericFact(old.upper, new.upper, lower: false) { facts.append(fact) }
        for keyword in BoundKeyword.allCases where keyword.isCount {
            if let change = countChange(old.counts[keyword], new.counts[keyword], lower: keyword.isLower) {
                facts.append((.bound(keyword, change), keyword.rawValue))
            }
        }
        return facts
    }

    private static func numericFact(
        _ old: (value: JSONNumber, exclusive: Bool)?, _ new: (value: JSONNumber, exclusive: Bool)?,
        lower: Bool
    ) -> (SchemaFact, String)? {
        let exclusive = new?.exclusive ?? old?.exclusive ?? false
        let keyword: BoundKeyword =
            lower ? (exclusive ? .exclusiveMinimum : .minimum) : (exclusive ? .exclusiveMaximum : .maximum)
        let change: BoundChange
        switch (old, new) {
        case (nil, nil): return nil
        case (nil, let new?): change = .set(new.value)
        case (let old?, nil): change = .unset(old.value)
        case (let old?, let new?):
            if old.value == new.value && old.exclusive == new.exclusive { return nil }
            let tighter = SchemaReader.isTighter(new, than: old, lower: lower)
            change =
                tighter == lower
                ? .increased(from: old.value, to: new.value) : .decreased(from: old.value, to: new.value)
        }
        return (.bound(keyword, change), keyword.rawValue)
    }

    /// A length or count bound; `minLength: 0` and the like bound nothing, so they count as absent.
    private static func countChange(_ old: JSONNumber?, _ new: JSONNumber?, lower: Bool) -> BoundChange? {
        let zero = JSONNumber(0)
        let old = lower && old == zero ? nil : old
        let new = lower && new == zero ? nil : new
        switch (old, new) {
        case (nil, nil): return nil
        case (nil, let new?): return .set(new)
        case (let old?, nil): return .unset(old)
        case (let old?, let new?):
            if old == new { return nil }
            return new > old ? .increased(from: old, to: new) : .decreased(from: old, to: new)
        }
    }
}
