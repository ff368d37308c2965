import Foundation
import JSONSchema

/// A crash or a hang: shrunk to a minimal payload, its cause located (a value, a missing key, or
/// nothing single), and reported once per cause.
extension FuzzRun.State {
    /// What the search for a trap's cause found.
    struct TrapSearch {
        /// The smallest payload that still traps.
        var shrunk: JSONValue
        /// The value whose replacement ends the trap.
        var located: (pointer: JSONPointer, fix: JSONValue, alone: Bool)?
        /// The required key whose absence is the trap.
        var missing: (object: JSONPointer, key: String, fix: JSONValue)?
        /// The payload still traps with every value replaced: no single value is the cause.
        var trapsWhatever = false
    }

    /// A crash or hang: the same cause as one already reported, or a new one, shrunk and located.
    mutating func trap(_ verdict: CaseJudge.Verdict, item: FuzzRun.Case, index: Int) {
        guard let value = item.payload.value else {
            trapOnBytes(verdict, item: item, index: index)
            return
        }
        if isKnown(verdict.kind, value) { return }
        if verdict.kind == .hang, let known = recurringHang(value), let first = findingOfCause[known.key] {
            // Its class of values was replaced, yet the same place hangs again, and giving each
            // occurrence a value of its own cures it: the hang depends on more than one value
            // (two items with the same name), and every further payload could cost the timeout.
            findings[first].message = Self.inserting(
                "; a later payload hung as well with this value replaced, and decoded with a different value "
                    + "at each \(TrapCause.display(known.pattern)) (the hang depends on more than one value), "
                    + "so the run stopped there rather than pay the timeout for every further payload",
                into: findings[first].message)
            stopped = true
            return
        }
        let search = searchCause(verdict, item: item, value: value)
        var (cause, located) = explained(verdict, search)
        if cause.pattern.isEmpty, !cause.missingKey {
            explainUnlocated(&located, value: value, trapsWhatever: search.trapsWhatever)
        }
        guard seen.insert(cause.key).inserted else { return }
        causes.append(cause)
        findingOfCause[cause.key] = findings.count
        add(located, payload: item.payload, shrunk: search.shrunk, index: index)
    }

    /// Bytes that are not JSON: nothing to shrink, locate or neutralize; one finding per kind, and
    /// none once a cause of the kind is known (the likelier explanation: a body `{"id":1,"id":2}`
    /// lacks the key a model traps without).
    private mutating func trapOnBytes(_ verdict: CaseJudge.Verdict, item: FuzzRun.Case, index: Int) {
        guard !causes.contains(where: { $0.kind == verdict.kind }),
            seen.insert("\(verdict.kind.rawValue) malformed").inserted
        else { return }
        add(verdict, payload: item.payload, shrunk: nil, index: index)
    }

    /// Shrinks the payload and looks for the value, or the missing key, that makes it trap.
    private func searchCause(_ verdict: CaseJudge.Verdict, item: FuzzRun.Case, value: JSONValue) -> TrapSearch
    {
        var preferred: JSONPointer?
        if case .mutation(_, let pointer) = item.payload.origin { preferred = pointer }
        // The value a mutation broke is the likeliest cause: shrinking keeps it there, breaking
        // the same rules (a `null` the model hangs on must not become a missing key it also
        // hangs on, though `12345` may become `0`).
        var pinned: (pointer: JSONPointer, rules: Set<String>)?
        if let preferred, let leaf = preferred.resolve(in: value), leaf.objectValue == nil,
            leaf.arrayValue == nil
        {
            pinned = (preferred, rules(at: preferred, in: value))
        }
        var search = TrapSearch(
            shrunk: shrinking(value, verdict: verdict, pinned: pinned, dropsRequired: true))
        search.located = TrapCause.locate(
            kind: verdict.kind, in: search.shrunk, preferred: preferred, runner: runner,
            timeout: probeTimeout,
            schema: judge.schema, examples: examples(at:), trapsWhatever: &search.trapsWhatever)
        if search.located == nil { search.missing = missingKeyCause(in: search.shrunk, original: value) }
        guard search.located == nil, search.missing == nil else { return search }
        // Dropping a key the model needs can trade the cause for another trap (a force unwrap of
        // the missing key fires before the check on `id: 0`): shrink again keeping the required
        // keys, and look there.
        let keeping = shrinking(value, verdict: verdict, pinned: pinned, dropsRequired: false)
        if keeping != search.shrunk,
            let again = TrapCause.locate(
                kind: verdict.kind, in: keeping, preferred: preferred, runner: runner,
                timeout: probeTimeout, schema: judge.schema, examples: examples(at:),
                trapsWhatever: &search.trapsWhatever)
        {
            search.shrunk =
                verdict.kind == .crash ? pruning(keeping, cause: again.pointer, fix: again.fix) : keeping
            search.located = again
        }
        return search
    }

    /// `value` shrunk while it still traps the same way, keeping a pinned place breaking the same
    /// rules, and never bringing back a known cause's value.
    private func shrinking(
        _ value: JSONValue, verdict: CaseJudge.Verdict, pinned: (pointer: JSONPointer, rules: Set<String>)?,
        dropsRequired: Bool
    ) -> JSONValue {
        let known = causes
        let shrunk = judge.shrink(
            value, verdict: verdict, runner: runner,
            timeout: verdict.kind == .hang ? probeTimeout : nil,
            maxRounds: verdict.kind == .hang ? 12 : 200, dropsRequired: dropsRequired
        ) { candidate in
            if let pinned,
                pinned.pointer.resolve(in: candidate) == nil
                    || rules(at: pinned.pointer, in: candidate) != pinned.rules
            {
                return false
            }
            return known.isEmpty
                || neutralizing(candidate, errors: judge.schema.validate(candidate).errors) == candidate
        }
        if verdict.kind == .hang, shrunk != value,
            runner.outcomes([JSONSerializer().bytes(shrunk)]).first.map(TrapCause.traps) != true
        {
            return value  // the probe timeout was fooled by a slow machine: keep what surely hangs
        }
        return shrunk
    }

    /// The cause the search found (a value, a missing key, or the whole shrunk payload when it
    /// found neither) and the verdict pointing at it, its detail saying what fixes the payload.
    private func explained(_ verdict: CaseJudge.Verdict, _ search: TrapSearch) -> (
        TrapCause, CaseJudge.Verdict
    ) {
        let shrunk = search.shrunk
        var cause = TrapCause(kind: verdict.kind, pattern: "", rules: [], trigger: shrunk, fix: shrunk)
        var located = verdict
        if search.located == nil, let missing = search.missing {
            cause = TrapCause(
                kind: verdict.kind, pattern: CaseJudge.pattern(missing.object.appending(missing.key)),
                rules: ["required"], trigger: .null, fix: missing.fix, missingKey: true)
            located.pointer = missing.object
            located.rule = .required
            located.detail +=
                "; the cause is the missing key \"\(missing.key)\" at \(missing.object.displayText) (it breaks `required`): "
                + "with \"\(missing.key)\": \(JSONSerializer().string(missing.fix)) added, the payload decodes"
        }
        if let found = search.located, let trigger = found.pointer.resolve(in: shrunk) {
            let rules = Set(
                judge.schema.validate(shrunk).errors.filter { $0.instanceLocation == found.pointer }.map(
                    \.keyword))
            cause = TrapCause(
                kind: verdict.kind, pattern: CaseJudge.pattern(found.pointer), rules: rules, trigger: trigger,
                fix: found.fix)
            located.pointer = found.pointer
            located.rule = rules.sorted().first.map(SchemaRule.init(rawValue:))
            let text = JSONSerializer().string(trigger)
            let allowed =
                rules.isEmpty
                ? "a value the contract allows"
                : "it breaks " + rules.sorted().map { "`\($0)`" }.joined(separator: ", ")
            located.detail +=
                "; the cause is \(found.pointer.displayText) = \(text) (\(allowed)): with \(JSONSerializer().string(found.fix)) there"
                + (found.alone ? "" : " and plainer values before it") + ", the payload decodes"
        }
        return (cause, located)
    }

    /// No value to blame: says what the payload lacks, and whether the run stops here.
    private mutating func explainUnlocated(
        _ verdict: inout CaseJudge.Verdict, value: JSONValue, trapsWhatever: Bool
    ) {
        // Only where the payload as generated lacked them: shrinking drops keys freely.
        let missing = judge.schema.validate(value).errors.filter { $0.keyword == "required" }
        if let first = missing.first {
            // No value to blame, but a key the contract requires is absent: a model that traps on
            // a missing key (`decodeIfPresent(…)!`) is told so, at the object.
            verdict.pointer = first.instanceLocation
            verdict.rule = .required
            verdict.detail +=
                "; the payload lacks what the contract requires ("
                + missing.map { "\($0.instanceLocation.displayText): \($0.message)" }.joined(separator: "; ")
                + "), which may be the cause"
        }
        if verdict.kind == .hang {
            verdict.detail +=
                "; no single value is the cause (it hangs with every value replaced), so the run stopped here "
                + "rather than pay the timeout for every further payload"
        } else if trapsWhatever {
            // Every further payload would cost a relaunch, and teach nothing new.
            verdict.detail +=
                "; no single value is the cause (it crashes with every value replaced), so the run stopped "
                + "here rather than relaunch the decoder for every further payload"
            stopped = true
        } else {
            unlocatedCrashes += 1
        }
    }
}
