import JSONSchema

/// Locating a trap's cause: the leaf of a shrunk payload whose replacement ends the trap.
extension TrapCause {
    /// The leaf to blame in a (shrunk) trapping payload: the first whose replacement by a plain
    /// value makes the trap go away. `preferred` (where a mutation broke a rule) is tried first.
    ///
    /// The replacements are plain values of any JSON type and `examples` of the place (values
    /// other payloads had there), those the schema allows there first: a model that hangs on a
    /// number where the contract has a string (`"categories": [0]`) is cured by `"a"`, not by
    /// another number, and an empty list the model traps on (`"items": []`) by a list from a
    /// valid payload. Empty arrays and objects count as leaves. `trapsWhatever` tells whether the
    /// payload still traps with every leaf replaced at once (then no single value is the cause).
    static func locate(
        kind: CodableFinding.Kind, in value: JSONValue, preferred: JSONPointer?, runner: DecodeRunner,
        timeout: Double?, schema: Schema?, examples: (JSONPointer) -> [JSONValue],
        trapsWhatever: inout Bool
    ) -> (pointer: JSONPointer, fix: JSONValue, alone: Bool)? {
        trapsWhatever = false
        var leaves: [JSONPointer] = []
        collectLeaves(value, at: .root, into: &leaves)
        if let preferred, let position = leaves.firstIndex(of: preferred) {
            leaves.insert(leaves.remove(at: position), at: 0)
        }
        var replacements = Replacements(value: value, schema: schema)
        // One probe first: with every leaf replaced, does it still trap? Then no single value is
        // to blame (a model that hangs on everything), and probing leaf by leaf would only cost
        // a timeout per probe. For a hang that settles it (each further probe costs a timeout); a
        // crash probe costs a relaunch, so its leaves are still tried: a trap on `id < 100`
        // survives the plain `2` but not the `100` tried after it.
        let everythingTraps = replacements.everythingTraps(
            leaves, runner: runner, timeout: timeout, examples: examples)
        if everythingTraps && kind != .crash {
            trapsWhatever = true
            return nil
        }
        if let found = replacements.singleLeaf(
            leaves, kind: kind, runner: runner, timeout: timeout, examples: examples)
        {
            return found
        }
        // No single value is enough: two causes in one payload (a trap on `price: 0` and another
        // on `name: "a"`). Fix leaves one after another and blame the one that ends the trap; the
        // other cause shows up on a later payload, where this one is neutralized.
        var fixed = value
        for leaf in leaves {
            guard let fix = replacements.conservative(at: leaf, examples: examples).first else { continue }
            fixed = fixed.replacing(at: leaf, with: fix)
            if let outcome = runner.outcomes([JSONSerializer().bytes(fixed)], timeout: timeout).first,
                !traps(outcome)
            {
                return (leaf, fix, false)
            }
        }
        trapsWhatever = everythingTraps
        return nil
    }

    /// The values tried at each leaf of one payload, those the schema allows there first, each
    /// leaf's list computed once.
    struct Replacements {
        let value: JSONValue
        let schema: Schema?
        private var memo: [JSONPointer: (candidates: [JSONValue], allowed: Int)] = [:]

        init(value: JSONValue, schema: Schema?) {
            self.value = value
            self.schema = schema
        }

        /// The candidates at `leaf`, those the schema allows there first, and how many it allows.
        mutating func options(at leaf: JSONPointer, examples: (JSONPointer) -> [JSONValue])
            -> (candidates: [JSONValue], allowed: Int)
        {
            if let known = memo[leaf] { return known }
            guard let current = leaf.resolve(in: value) else { return ([], 0) }
            var candidates = TrapCause.alternatives(to: current)
            for example in examples(leaf) where example != current && !candidates.contains(example) {
                candidates.append(example)
            }
            var allowedCount = 0
            if let schema {
                // Stable: among the allowed ones (and among the others), plainest first.
                let allowed = candidates.map { candidate in
                    !schema.validate(value.replacing(at: leaf, with: candidate)).errors.contains {
                        $0.instanceLocation.tokens.starts(with: leaf.tokens)
                    }
                }
                candidates =
                    zip(candidates, allowed).filter(\.1).map(\.0)
                    + zip(candidates, allowed).filter { !$0.1 }.map(\.0)
                allowedCount = allowed.filter { $0 }.count
            }
            memo[leaf] = (candidates, allowedCount)
            return (candidates, allowedCount)
        }

        mutating func alternatives(at leaf: JSONPointer, examples: (JSONPointer) -> [JSONValue])
            -> [JSONValue]
        {
            options(at: leaf, examples: examples).candidates
        }

        /// For the second pass, where a fix only has to end the trap: values the schema allows
        /// there, else values of the same JSON type (a value of another type would only make
        /// decoding throw before it reaches the real cause).
        mutating func conservative(at leaf: JSONPointer, examples: (JSONPointer) -> [JSONValue])
            -> [JSONValue]
        {
            let (candidates, allowed) = options(at: leaf, examples: examples)
            if allowed > 0 { return Array(candidates.prefix(allowed)) }
            guard let current = leaf.resolve(in: value) else { return [] }
            return candidates.filter { TrapCause.sameType($0, current) }
        }

        /// Whether the payload still traps with every leaf replaced at once. Each leaf gets a
        /// value no other leaf got (where it has one), so the probe does not create what a model
        /// may trap on by itself: two items with the same name.
        mutating func everythingTraps(
            _ leaves: [JSONPointer], runner: DecodeRunner, timeout: Double?,
            examples: (JSONPointer) -> [JSONValue]
        ) -> Bool {
            var used: [JSONValue] = []
            var everything = value
            for leaf in leaves {
                let fixes = alternatives(at: leaf, examples: examples)
                guard let fix = fixes.first(where: { !used.contains($0) }) ?? fixes.first else { continue }
                used.append(fix)
                everything = everything.replacing(at: leaf, with: fix)
            }
            guard everything != value,
                let outcome = runner.outcomes([JSONSerializer().bytes(everything)], timeout: timeout).first
            else { return false }
            return TrapCause.traps(outcome)
        }

        /// The first leaf whose replacement makes the payload decode; else, when none does (the
        /// shrunk payload lacks keys the model reads after the trap), the first whose replacement
        /// ends the trap.
        mutating func singleLeaf(
            _ leaves: [JSONPointer], kind: CodableFinding.Kind, runner: DecodeRunner, timeout: Double?,
            examples: (JSONPointer) -> [JSONValue]
        ) -> (pointer: JSONPointer, fix: JSONValue, alone: Bool)? {
            for mustDecode in [true, false] {
                for leaf in leaves {
                    // A probe that still hangs costs the probe timeout: few per leaf for a hang.
                    let fixes = Array(
                        (mustDecode
                            ? alternatives(at: leaf, examples: examples)
                            : conservative(at: leaf, examples: examples)).prefix(kind == .hang ? 2 : 6))
                    guard !fixes.isEmpty else { continue }
                    let cures = { (outcome: DecodeOutcome) in
                        mustDecode ? TrapCause.decodes(outcome) : !TrapCause.traps(outcome)
                    }
                    let outcomes = runner.outcomes(
                        fixes.map { JSONSerializer().bytes(value.replacing(at: leaf, with: $0)) },
                        timeout: timeout, stopWhen: cures)
                    if let last = outcomes.last, cures(last) {
                        return (leaf, fixes[outcomes.count - 1], true)
                    }
                }
            }
            return nil
        }
    }

    private static func collectLeaves(
        _ value: JSONValue, at pointer: JSONPointer, into leaves: inout [JSONPointer]
    ) {
        guard leaves.count < 64 else { return }
        switch value {
        case .object(let object) where !object.isEmpty:
            for member in object.members {
                collectLeaves(member.value, at: pointer.appending(member.key), into: &leaves)
            }
        case .array(let elements) where !elements.isEmpty:
            for (index, element) in elements.enumerated() {
                collectLeaves(element, at: pointer.appending(index), into: &leaves)
            }
        case .string, .number, .bool, .null, .object, .array:
            if !pointer.isRoot { leaves.append(pointer) }
        }
    }

    /// Plain values, those of the same JSON type first, most ordinary first (an empty array or
    /// object has none: only examples replace it).
    private static func alternatives(to value: JSONValue) -> [JSONValue] {
        let candidates: [JSONValue]
        switch value {
        case .number:
            candidates = [
                .number(JSONNumber(1)), .number(JSONNumber(2)), .number(JSONNumber(100)), .string("a"),
            ]
        case .string: candidates = [.string("a"), .string("abc"), .number(JSONNumber(1))]
        case .bool(let flag): candidates = [.bool(!flag), .string("a"), .number(JSONNumber(1))]
        case .null: candidates = [.string("a"), .number(JSONNumber(1))]
        case .object, .array: candidates = []
        }
        return candidates.filter { $0 != value }
    }
}
