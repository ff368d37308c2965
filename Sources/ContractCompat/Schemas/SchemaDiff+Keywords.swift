import JSONSchema

extension SchemaDiff {
    /// The most enum values reported one by one for one schema.
    static let enumValueLimit = 50

    /// The facts about the keywords of one level: types, format, nullability, enum, bounds,
    /// `multipleOf`, `uniqueItems`, `pattern` and `default`.
    static func keywordDeltas(_ old: SchemaView, _ new: SchemaView) -> [SchemaDelta] {
        var deltas: [SchemaDelta] = []
        func add(_ fact: SchemaFact, _ keyword: String) {
            deltas.append(
                SchemaDelta(fact: fact, path: [], old: old.place(of: keyword), new: new.place(of: keyword)))
        }
        if old.isNever != new.isNever {
            add(.becameFalse(new.isNever), "")
            return deltas
        }
        if let fact = typeFact(old, new) { add(fact, "type") }
        if old.format != new.format {
            var effect = formatEffect(old.format, new.format)
            if effect == .narrows, Self.boundsFit(new.format, old), Self.boundsFit(new.format, new) {
                // `int32` on an integer already bounded 1…1000 refuses no value it took before.
                effect = .neutral
            }
            add(.format(from: old.format, to: new.format, effect), "format")
        }
        if old.kinds != nil, new.kinds != nil, old.nullable != new.nullable {
            add(new.nullable ? .becameNullable : .becameNotNullable, "type")
        }
        if let before = old.enumValues, let after = new.enumValues, before.count == 1, after.count == 1,
            before != after, old.keywordPointers["const"] != nil, new.keywordPointers["const"] != nil
        {
            add(.constChanged(from: before[0], to: after[0]), "const")
        } else {
            for fact in enumFacts(old.enumValues, new.enumValues) {
                add(
                    fact,
                    new.keywordPointers["const"] != nil || old.keywordPointers["const"] != nil
                        ? "const" : "enum")
            }
        }
        for (fact, keyword) in boundFacts(old, new) { add(fact, keyword) }
        if let fact = multipleOfFact(old.multipleOf, new.multipleOf) { add(fact, "multipleOf") }
        if old.uniqueItems != new.uniqueItems { add(.uniqueItems(new.uniqueItems), "uniqueItems") }
        if old.pattern != new.pattern { add(.pattern(from: old.pattern, to: new.pattern), "pattern") }
        if old.defaultValue != new.defaultValue {
            add(.defaultValue(from: old.defaultValue, to: new.defaultValue), "default")
        }
        for (fact, keyword) in otherKeywordFacts(old.otherKeywords, new.otherKeywords) { add(fact, keyword) }
        return deltas
    }

    /// The keywords whose value is one schema, compared inside when both sides have one, as the
    /// catalogue traverses them: a change under `then` or `not` is reported with its own rule and
    /// level, its path naming the keyword.
    static let subSchemaKeywords: Set<String> = [
        "not", "if", "then", "else", "contains", "propertyNames", "unevaluatedItems",
        "unevaluatedProperties", "contentSchema",
    ]

    /// The changes inside the sub-schema keywords both views have.
    mutating func subSchemaDeltas(_ old: SchemaView, _ new: SchemaView) -> [SchemaDelta] {
        var deltas: [SchemaDelta] = []
        for name in Self.subSchemaKeywords.sorted() {
            guard let before = old.otherKeywords[name], let after = new.otherKeywords[name], before != after,
                let oldPlace = old.keywordPointers[name], let newPlace = new.keywordPointers[name]
            else { continue }
            deltas += compare(
                [SchemaPart(value: before, pointer: oldPlace)], [SchemaPart(value: after, pointer: newPlace)]
            ).map { $0.nested(in: name, readOnly: false, writeOnly: false) }
        }
        return deltas
    }

    /// The less common keywords: present on one side only, or different; the entries of
    /// `dependentRequired`, `dependentSchemas` and `patternProperties` one by one.
    private static func otherKeywordFacts(_ old: [String: JSONValue], _ new: [String: JSONValue]) -> [(
        SchemaFact, String
    )] {
        var facts: [(SchemaFact, String)] = []
        for name in Set(old.keys).union(new.keys).sorted() where old[name] != new[name] {
            // A sub-schema on both sides is compared inside (``subSchemaDeltas(_:_:)``).
            if subSchemaKeywords.contains(name), old[name] != nil, new[name] != nil { continue }
            guard SchemaFact.entryKeywords[name] != nil else {
                let change: SchemaFact.KeywordChange =
                    old[name] == nil ? .added : new[name] == nil ? .removed : .changed
                facts.append((.keyword(name, change), name))
                continue
            }
            let before = old[name]?.objectValue ?? JSONObject()
            let after = new[name]?.objectValue ?? JSONObject()
            for entry in before.keys + after.keys.filter({ before[$0] == nil })
            where before[entry] != after[entry] {
                let change: SchemaFact.KeywordChange =
                    before[entry] == nil ? .added : after[entry] == nil ? .removed : .changed
                facts.append((.keywordEntry(name, name: entry, change), name))
            }
        }
        return facts
    }

    /// The kinds gained and lost, as one fact.
    private static func typeFact(_ old: SchemaView, _ new: SchemaView) -> SchemaFact? {
        guard !old.isNever, !new.isNever, old.kinds != new.kinds else { return nil }
        // Kinds that only alternatives imply change with the alternatives, which are reported.
        if old.alternatives != nil, new.alternatives != nil, old.keywordPointers["type"] == nil,
            new.keywordPointers["type"] == nil
        {
            return nil
        }
        let widens = JSONKind.allCases.contains { new.accepts($0) && !old.accepts($0) }
        let narrows = JSONKind.allCases.contains { old.accepts($0) && !new.accepts($0) }
        guard widens || narrows else { return nil }
        let effect: Effect = widens && narrows ? .incomparable : widens ? .widens : .narrows
        return .type(from: JSONKind.describe(old.kinds), to: JSONKind.describe(new.kinds), effect)
    }

    /// Whether the integer formats' ranges hold every value the view's bounds allow (both bounds
    /// declared and inside the range).
    private static func boundsFit(_ format: String?, _ view: SchemaView) -> Bool {
        let range: (low: JSONNumber, high: JSONNumber)
        switch format {
        case "int32": range = (JSONNumber(Int(Int32.min)), JSONNumber(Int(Int32.max)))
        case "int64": range = (JSONNumber(Int64.min), JSONNumber(Int64.max))
        default: return false
        }
        guard view.kinds == [.integer] || view.kinds == [.integer, .fraction], let lower = view.lower,
            let upper = view.upper
        else { return false }
        return lower.value >= range.low && upper.value <= range.high
    }

    /// A format added narrows, one removed widens; a change is a widening only between formats
    /// where one holds the other (`int32` → `int64`, `float` → `double`).
    static func formatEffect(_ old: String?, _ new: String?) -> Effect {
        guard let old else { return .narrows }
        guard let new else { return .widens }
        let wider: [String: String] = ["int32": "int64", "float": "double", "date": "date-time"]
        if wider[old] == new && old != "date" { return .widens }
        if wider[new] == old && new != "date" { return .narrows }
        return .incomparable
    }

    private static func enumFacts(_ old: [JSONValue]?, _ new: [JSONValue]?) -> [SchemaFact] {
        switch (old, new) {
        case (nil, let values?): return [.becameEnum(values)]
        case (_?, nil): return [.becameNotEnum]
        case (let old?, let new?):
            let added = new.filter { !old.contains($0) }.prefix(enumValueLimit).map(SchemaFact.enumValueAdded)
            let removed = old.filter { !new.contains($0) }.prefix(enumValueLimit).map(
                SchemaFact.enumValueRemoved)
            return Array(added) + Array(removed)
        case (nil, nil): return []
        }
    }

    private static func multipleOfFact(_ old: JSONNumber?, _ new: JSONNumber?) -> SchemaFact? {
        guard old != new else { return nil }
        guard let old, let new else {
            return .multipleOf(from: old, to: new, old == nil ? .narrows : .widens)
        }
        let effect: Effect =
            old.isMultiple(of: new) ? .widens : new.isMultiple(of: old) ? .narrows : .incomparable
        return .multipleOf(from: old, to: new, effect)
    }
}
