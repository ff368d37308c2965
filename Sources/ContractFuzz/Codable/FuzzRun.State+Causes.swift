import Foundation
import JSONSchema

/// Where a trap's cause may lie: values valid payloads have at a place, causes already known,
/// keys whose absence is the trap.
extension FuzzRun.State {
    /// A few distinct values the valid payloads have at `pointer`'s place (indices as `*`).
    func examples(at pointer: JSONPointer) -> [JSONValue] {
        let pattern = CaseJudge.pattern(pointer)
        var found: [JSONValue] = []
        for value in valid {
            for place in pattern.isEmpty
                ? [JSONPointer.root] : TrapCause.pointers(matching: pattern, in: value)
            {
                if let example = place.resolve(in: value), !found.contains(example) {
                    found.append(example)
                }
            }
            if found.count >= 8 { break }
        }
        // The plainest first: it is what the finding prints as the value that decodes.
        let sizes = found.map { JSONSerializer().bytes($0).count }
        return zip(found, sizes).sorted { $0.1 < $1.1 }.prefix(4).map(\.0)
    }

    /// The known hang cause whose place occurs more than once in `value` and which stops
    /// hanging when each occurrence gets a value of its own; nil when there is none.
    func recurringHang(_ value: JSONValue) -> TrapCause? {
        for cause in causes where cause.kind == .hang && !cause.pattern.isEmpty && !cause.missingKey {
            let pointers = TrapCause.pointers(matching: cause.pattern, in: value)
            guard pointers.count > 1 else { continue }
            var pool = [cause.fix]
            for example in examples(at: pointers[0]) where !pool.contains(example) {
                pool.append(example)
            }
            var serial = 1
            while pool.count < pointers.count {
                // Plain values of the fix's type, distinct from the others.
                let extra: JSONValue
                switch cause.fix {
                case .string(let text): extra = .string(text + String(serial))
                case .number(let number):
                    extra = .number(JSONNumber(number.doubleValue + Double(serial)) ?? number)
                default: extra = .number(JSONNumber(serial))
                }
                serial += 1
                if !pool.contains(extra) { pool.append(extra) }
                if serial > pointers.count + 8 { break }
            }
            guard pool.count >= pointers.count else { continue }
            let edited = pointers.enumerated().reduce(value) {
                $0.replacing(at: $1.element, with: pool[$1.offset])
            }
            if let outcome = runner.outcomes([JSONSerializer().bytes(edited)], timeout: probeTimeout)
                .first,
                !TrapCause.traps(outcome)
            {
                return cause
            }
        }
        return nil
    }

    /// The rules `value` breaks at exactly `pointer`.
    func rules(at pointer: JSONPointer, in value: JSONValue) -> Set<String> {
        Set(judge.schema.validate(value).errors.filter { $0.instanceLocation == pointer }.map(\.keyword))
    }

    /// `value` without the keys the crash does not need: one at a time, a key goes when the
    /// payload without it still crashes and, with `fix` at `cause`, still decodes (so the
    /// crash is still this cause's, not a missing key's). A relaunch per probe: crashes only.
    func pruning(_ value: JSONValue, cause: JSONPointer, fix: JSONValue) -> JSONValue {
        var current = value
        var pruned = true
        while pruned {
            pruned = false
            var members: [JSONPointer] = []
            func walk(_ node: JSONValue, _ pointer: JSONPointer) {
                guard case .object(let object) = node else { return }
                for member in object.members {
                    let child = pointer.appending(member.key)
                    if !cause.tokens.starts(with: child.tokens) { members.append(child) }
                    walk(member.value, child)
                }
            }
            walk(current, .root)
            for member in members {
                let candidate = current.replacing(at: member, with: nil)
                let outcomes = runner.outcomes(
                    [
                        JSONSerializer().bytes(candidate),
                        JSONSerializer().bytes(candidate.replacing(at: cause, with: fix)),
                    ]
                )
                guard outcomes.count == 2, TrapCause.traps(outcomes[0]), TrapCause.decodes(outcomes[1])
                else {
                    continue
                }
                current = candidate
                pruned = true
                break
            }
        }
        return current
    }

    /// The required key whose absence is the trap: the first that, added back (with the value
    /// the original payload had, else one from a valid payload), makes the trap go away.
    func missingKeyCause(in value: JSONValue, original: JSONValue)
        -> (object: JSONPointer, key: String, fix: JSONValue)?
    {
        var tried: [(object: JSONPointer, key: String, fix: JSONValue, payload: [UInt8])] = []
        var places: [JSONPointer] = []
        for error in judge.schema.validate(value).errors where error.keyword == "required" {
            if !places.contains(error.instanceLocation) { places.append(error.instanceLocation) }
        }
        for place in places {
            guard let object = place.resolve(in: value)?.objectValue else { continue }
            let had = place.resolve(in: original)?.objectValue
            let example = examples(at: place).compactMap(\.objectValue).max {
                $0.keys.count < $1.keys.count
            }
            // The keys the original lacked first (a mutation that dropped one), then the others.
            let lacked = (example?.keys ?? []).filter { had?[$0] == nil }
            for key in lacked + (had?.keys ?? []) + (example?.keys ?? []) where object[key] == nil {
                guard !tried.contains(where: { $0.object == place && $0.key == key }),
                    let fix = had?[key] ?? example?[key]
                else { continue }
                let payload = JSONSerializer().bytes(value.replacing(at: place.appending(key), with: fix))
                tried.append((place, key, fix, payload))
            }
        }
        guard !tried.isEmpty else { return nil }
        let outcomes = runner.outcomes(tried.map(\.payload), timeout: probeTimeout) {
            !TrapCause.traps($0)
        }
        guard let last = outcomes.last, !TrapCause.traps(last) else { return nil }
        let found = tried[outcomes.count - 1]
        return (found.object, found.key, found.fix)
    }

    /// Whether a known cause explains the trap: with its fix applied, the payload no longer traps.
    func isKnown(_ kind: CodableFinding.Kind, _ value: JSONValue) -> Bool {
        for cause in causes where cause.kind == kind && cause.missingKey {
            guard let fixed = cause.addingMissingKey(to: value) else { continue }
            let outcome = runner.outcomes([JSONSerializer().bytes(fixed)], timeout: probeTimeout).first
            if let outcome, !TrapCause.traps(outcome) { return true }
        }
        for cause in causes where cause.kind == kind && !cause.pattern.isEmpty && !cause.missingKey {
            let pointers = TrapCause.pointers(matching: cause.pattern, in: value)
            guard !pointers.isEmpty else { continue }
            let fixed = pointers.reduce(value) { $0.replacing(at: $1, with: cause.fix) }
            let outcome = runner.outcomes([JSONSerializer().bytes(fixed)], timeout: probeTimeout).first
            if let outcome, !TrapCause.traps(outcome) { return true }
        }
        // A crash no value explains covers every later crash only once a few of them were
        // looked at: another cause (a trap on `id: 0`) would otherwise never be reported.
        return causes.contains {
            $0.kind == kind && $0.pattern.isEmpty && (kind == .hang || unlocatedCrashes >= 3)
        }
    }
}
