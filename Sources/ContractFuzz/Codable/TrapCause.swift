import JSONSchema

/// Why a model crashes or hangs: the place in the payload, the class of value there, and a value
/// that makes the payload decode instead.
///
/// Knowing the cause lets the fuzzer report each distinct cause once (two traps in one model are
/// two findings) and, above all, stop paying for it again: before a payload runs, every value of
/// a known cause's class is replaced by the cause's fix, so a hang costs its timeout once, not
/// once per payload that happens to contain the same value.
struct TrapCause {
    var kind: CodableFinding.Kind
    /// The place, with array indices as `*` (`items/*/price`); empty for the root (no single value).
    var pattern: String
    /// The rules the trigger value breaks there; empty when the contract allows it.
    var rules: Set<String>
    /// The value that traps (a crash's class, when it breaks no rule, is this very value).
    var trigger: JSONValue
    /// A value that decodes in its place.
    var fix: JSONValue

    /// Whether the cause is the absence of the key `pattern` ends with (a force unwrap of
    /// `decodeIfPresent`): `fix` is a value for it, which neutralizing adds where the key is missing.
    var missingKey = false

    /// The cause's identity for deduplication: kind, place and rule.
    var key: String { "\(kind.rawValue) \(pattern) \(rules.sorted().joined(separator: ","))" }

    /// `value` with every value of this cause's class replaced by the fix; nil when there is none.
    func neutralizing(_ value: JSONValue, errors: [ValidationError]) -> JSONValue? {
        guard !pattern.isEmpty else { return nil }
        if missingKey { return addingMissingKey(to: value) }
        var result = value
        var changed = false
        for pointer in Self.pointers(matching: pattern, in: value) {
            guard let current = pointer.resolve(in: value) else { continue }
            let broken = Set(errors.filter { $0.instanceLocation == pointer }.map(\.keyword))
            // The class of a value the contract allows: for a hang, any allowed value there (each
            // miss costs a whole timeout); for a crash, the same value (a miss costs one relaunch,
            // and the field stays fuzzed for the model's other problems).
            let sameClass =
                rules.isEmpty ? broken.isEmpty && (kind == .hang || current == trigger) : broken == rules
            guard sameClass else { continue }
            result = result.replacing(at: pointer, with: fix)
            changed = true
        }
        // Not `changed ? result : nil`: JSONValue is ExpressibleByNilLiteral, so that nil is `.null`.
        guard changed else { return nil }
        return result
    }

    /// `value` with the missing key added (as `fix`) to every object at its place that lacks it;
    /// nil when none lacks it.
    func addingMissingKey(to value: JSONValue) -> JSONValue? {
        var tokens = pattern.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let key = tokens.popLast() else { return nil }
        let parents =
            tokens.isEmpty
            ? [JSONPointer.root] : Self.pointers(matching: tokens.joined(separator: "/"), in: value)
        var result = value
        for parent in parents {
            guard let object = parent.resolve(in: value)?.objectValue, object[key] == nil else { continue }
            result = result.replacing(at: parent.appending(key), with: fix)
        }
        return result == value ? nil : result
    }

    /// `items/*/name` as people read it: `/items/*/name`.
    static func display(_ pattern: String) -> String { "/" + pattern }

    /// Every pointer in `value` whose pattern is `pattern`.
    static func pointers(matching pattern: String, in value: JSONValue) -> [JSONPointer] {
        var found: [JSONPointer] = []
        func walk(_ value: JSONValue, _ tokens: ArraySlice<Substring>, _ pointer: JSONPointer) {
            guard let token = tokens.first else {
                found.append(pointer)
                return
            }
            let rest = tokens.dropFirst()
            switch value {
            case .object(let object) where token != "*":
                if let child = object[String(token)] { walk(child, rest, pointer.appending(String(token))) }
            case .array(let elements) where token == "*":
                for (index, element) in elements.enumerated() {
                    walk(element, rest, pointer.appending(index))
                }
            default:
                return
            }
        }
        walk(value, pattern.split(separator: "/", omittingEmptySubsequences: false)[...], .root)
        return found
    }

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
        // Per leaf: the candidates, those the schema allows there first, and how many it allows.
        var memo: [JSONPointer: (candidates: [JSONValue], allowed: Int)] = [:]
        func options(at leaf: JSONPointer) -> (candidates: [JSONValue], allowed: Int) {
            if let known = memo[leaf] { return known }
            guard let current = leaf.resolve(in: value) else { return ([], 0) }
            var candidates = Self.alternatives(to: current)
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
        func alternatives(at leaf: JSONPointer) -> [JSONValue] { options(at: leaf).candidates }
        /// For the second pass, where a fix only has to end the trap: values the schema allows
        /// there, else values of the same JSON type (a value of another type would only make
        /// decoding throw before it reaches the real cause).
        func conservative(at leaf: JSONPointer) -> [JSONValue] {
            let (candidates, allowed) = options(at: leaf)
            if allowed > 0 { return Array(candidates.prefix(allowed)) }
            guard let current = leaf.resolve(in: value) else { return [] }
            return candidates.filter { Self.sameType($0, current) }
        }
        // One probe first: with every leaf replaced, does it still trap? Then no single value is
        // to blame (a model that hangs on everything), and probing leaf by leaf would only cost
        // a timeout per probe.
        // Each leaf gets a value no other leaf got (where it has one), so the probe does not
        // create what a model may trap on by itself: two items with the same name.
        var used: [JSONValue] = []
        var everythingTraps = false
        let everything = leaves.reduce(value) { edited, leaf in
            let fixes = alternatives(at: leaf)
            guard let fix = fixes.first(where: { !used.contains($0) }) ?? fixes.first else { return edited }
            used.append(fix)
            return edited.replacing(at: leaf, with: fix)
        }
        if everything != value,
            let outcome = runner.outcomes([JSONSerializer().bytes(everything)], timeout: timeout).first,
            traps(outcome)
        {
            // For a hang that settles it (each further probe costs a timeout); a crash probe
            // costs a relaunch, so its leaves are still tried: a trap on `id < 100` survives
            // the plain `2` but not the `100` tried after it.
            guard kind == .crash else {
                trapsWhatever = true
                return nil
            }
            everythingTraps = true
        }
        // First the leaf whose replacement makes the payload decode; then, when none does (the
        // shrunk payload lacks keys the model reads after the trap), the one that ends the trap.
        for mustDecode in [true, false] {
            for leaf in leaves {
                // A probe that still hangs costs the probe timeout: few per leaf for a hang.
                let fixes = Array(
                    (mustDecode ? alternatives(at: leaf) : conservative(at: leaf)).prefix(
                        kind == .hang ? 2 : 6))
                guard !fixes.isEmpty else { continue }
                let cures = { (outcome: DecodeOutcome) in mustDecode ? decodes(outcome) : !traps(outcome) }
                let outcomes = runner.outcomes(
                    fixes.map { JSONSerializer().bytes(value.replacing(at: leaf, with: $0)) },
                    timeout: timeout,
                    stopWhen: cures)
                if let last = outcomes.last, cures(last) { return (leaf, fixes[outcomes.count - 1], true) }
            }
        }
        // No single value is enough: two causes in one payload (a trap on `price: 0` and another
        // on `name: "a"`). Fix leaves one after another and blame the one that ends the trap; the
        // other cause shows up on a later payload, where this one is neutralized.
        var fixed = value
        for leaf in leaves {
            guard let fix = conservative(at: leaf).first else { continue }
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

    static func decodes(_ outcome: DecodeOutcome) -> Bool {
        if case .decoded = outcome { return true }
        return false
    }

    static func sameType(_ one: JSONValue, _ other: JSONValue) -> Bool {
        switch (one, other) {
        case (.number, .number), (.string, .string), (.bool, .bool), (.null, .null), (.array, .array),
            (.object, .object):
            return true
        default: return false
        }
    }

    static func traps(_ outcome: DecodeOutcome) -> Bool {
        switch outcome {
        case .crashed, .hung: return true
        case .decoded, .threw, .isolationFailed: return false
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
