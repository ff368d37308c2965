import Foundation
import JSONSchema

/// One fuzz run of one model against one target: runs the payloads, judges each outcome, and turns
/// each distinct disagreement into a shrunk, located finding.
struct FuzzRun {
    let fuzzer: CodableFuzzer
    let harness: ModelHarness
    let target: FuzzTarget

    private typealias Case = PreparedTarget.Case

    /// Every case, or only `caseIndex` (a reproduction).
    func run(caseIndex: Int?) -> FuzzReport {
        let prepared: PreparedTarget
        do {
            prepared = try PreparedTarget.make(
                contract: fuzzer.contract, target: target, cases: fuzzer.cases, seed: fuzzer.seed)
        } catch {
            return FuzzReport(
                typeName: harness.typeName, findings: [], casesRun: 0, seed: fuzzer.seed,
                problem: "cannot fuzz against \(target): \(error)")
        }
        let all = prepared.cases(count: fuzzer.cases, seed: fuzzer.seed)
        let chosen: [(index: Int, item: Case)]
        if let caseIndex {
            chosen = all.indices.contains(caseIndex) ? [(caseIndex, all[caseIndex])] : []
        } else {
            chosen = all.enumerated().map { ($0.offset, $0.element) }
        }
        let judge = CaseJudge(
            schema: prepared.schema, schemaName: prepared.name, typeName: harness.typeName,
            failingRules: fuzzer.failingRules, shrinkSchema: prepared.shrinkSchema, encodes: harness.encodes)
        let session = fuzzer.isolation?.session(for: harness)
        defer { session?.close() }
        let runner: DecodeRunner = session.map { .isolated($0, harness) } ?? .inProcess(harness)
        // The valid instance the malformed bodies are built from (see `PayloadPlan`).
        let template = all.first.flatMap {
            $0.payload.origin == .boundary || $0.payload.origin == .random ? $0.payload.value : nil
        }
        var state = State(
            judge: judge, runner: runner, run: self, schemaName: prepared.name, template: template,
            valid: all.compactMap { $0.validation?.isValid == true ? $0.payload.value : nil })
        var position = 0
        while position < chosen.count {
            let batch = chosen[position...].map { (index: $0.index, item: state.neutralizing($0.item)) }
            let outcomes = runner.outcomes(batch.map(\.item.payload.bytes)) { outcome in
                if case .isolationFailed = outcome { return true }
                return TrapCause.traps(outcome)
            }
            guard !outcomes.isEmpty else { break }
            for (offset, outcome) in outcomes.enumerated() {
                state.casesRun += 1
                let (index, item) = batch[offset]
                guard
                    let verdict = judge.verdict(
                        value: item.payload.value, outcome: outcome, validation: item.validation)
                else { continue }
                switch verdict.kind {
                case .isolationFailed:
                    state.add(verdict, payload: item.payload, shrunk: nil, index: index)
                    return state.report()
                case .crash, .hang:
                    state.trap(verdict, item: item, index: index)
                    if state.hangsWhatever || state.stopped {
                        // Every further payload would cost the timeout: stop, and say so.
                        return state.report()
                    }
                default:
                    state.disagreement(verdict, item: item, index: index)
                }
            }
            position += outcomes.count
        }
        return state.report()
    }

    /// `CodableFuzzer(contract, cases: 100, seed: 1).reproduce(MenuItem.self, .schema("MenuItem"), caseIndex: 17)`.
    func reproduction(caseIndex: Int) -> String {
        let method = harness.encodes ? "reproduce" : "reproduceDecoding"
        return
            "CodableFuzzer(contract, cases: \(fuzzer.cases), seed: \(fuzzer.seed)).\(method)(\(harness.typeName).self, \(target.code), caseIndex: \(caseIndex))"
    }

    /// What a run has found so far.
    private struct State {
        let judge: CaseJudge
        let runner: DecodeRunner
        let run: FuzzRun
        let schemaName: String
        let template: JSONValue?
        /// The run's payloads the contract allows: where a trap's cause is located, their values
        /// at the same place are candidate fixes (an empty list has no plainer one).
        let valid: [JSONValue]
        var findings: [CodableFinding] = []
        var seen: Set<String> = []
        var causes: [TrapCause] = []
        /// The index in `findings` of each cause's finding, by the cause's key.
        var findingOfCause: [String: Int] = [:]
        /// How many crashes no single value explained (see `isKnown`).
        var unlocatedCrashes = 0
        /// Whether a hang came back despite its known cause being neutralized: the run stops.
        var stopped = false
        var casesRun = 0

        /// Whether a hang was found that no single value explains: the model hangs on anything.
        var hangsWhatever: Bool { causes.contains { $0.kind == .hang && $0.pattern.isEmpty } }

        /// Seconds a candidate may take while shrinking or locating a known hang: a model that
        /// decodes at all does so in milliseconds, so a fraction of the timeout tells hang from not.
        var probeTimeout: Double? {
            guard let timeout = run.fuzzer.isolation?.timeout else { return nil }
            return min(timeout, max(0.25, timeout / 4))
        }

        func report() -> FuzzReport {
            FuzzReport(
                typeName: run.harness.typeName, findings: findings, casesRun: casesRun, seed: run.fuzzer.seed)
        }

        /// The case with every value of a known trap cause's class replaced by the cause's fix, so
        /// the run does not pay a crash or a timeout again for a cause it already reported.
        func neutralizing(_ item: Case) -> Case {
            guard !causes.isEmpty, runner.isIsolated else { return item }
            guard let value = item.payload.value else {
                // A malformed body damages the template instance: neutralize the template.
                guard case .malformed(let body) = item.payload.origin, let template,
                    case let fixed = neutralizing(template, errors: []), fixed != template
                else { return item }
                return Case(
                    payload: FuzzPayload(
                        origin: item.payload.origin, value: nil, bytes: body.bytes(from: fixed)),
                    validation: nil)
            }
            let current = neutralizing(value, errors: item.validation?.errors ?? [])
            guard current != value else { return item }
            return Case(
                payload: FuzzPayload(origin: item.payload.origin, value: current),
                validation: judge.schema.validate(current))
        }

        func neutralizing(_ value: JSONValue, errors: [ValidationError]) -> JSONValue {
            var current = value
            for cause in causes {
                if let fixed = cause.neutralizing(current, errors: errors) { current = fixed }
            }
            return current
        }

        mutating func disagreement(_ verdict: CaseJudge.Verdict, item: Case, index: Int) {
            let key = Self.key(verdict)
            guard !seen.contains(key) else { return }
            seen.insert(key)
            var minimal = verdict
            var shrunk: JSONValue?
            if let value = item.payload.value {
                // Shrinking moves values toward the plainest ones (0, ""), which are where models
                // trap or hang: candidates run with the probe timeout (one that does not answer
                // in time is simply not taken), and none may bring back a known cause's value.
                let known = causes
                let candidate = judge.shrink(value, verdict: verdict, runner: runner, timeout: probeTimeout) {
                    candidate in
                    known.isEmpty
                        || neutralizing(candidate, errors: judge.schema.validate(candidate).errors)
                            == candidate
                }
                if let outcome = runner.outcomes([JSONSerializer().bytes(candidate)], timeout: probeTimeout)
                    .first,
                    let again = judge.verdict(value: candidate, outcome: outcome), again.kind == verdict.kind
                {
                    minimal = judge.locatingFault(
                        again, value: candidate, runner: runner, timeout: probeTimeout)
                    shrunk = candidate
                }
            }
            add(minimal, payload: item.payload, shrunk: shrunk, index: index)
        }

        /// A crash or hang: the same cause as one already reported, or a new one, shrunk and located.
        mutating func trap(_ verdict: CaseJudge.Verdict, item: Case, index: Int) {
            guard let value = item.payload.value else {
                // Bytes that are not JSON: nothing to shrink, locate or neutralize; one finding per
                // kind, and none once a cause of the kind is known (the likelier explanation: a
                // body `{"id":1,"id":2}` lacks the key a model traps without).
                guard !causes.contains(where: { $0.kind == verdict.kind }),
                    seen.insert("\(verdict.kind.rawValue) malformed").inserted
                else { return }
                add(verdict, payload: item.payload, shrunk: nil, index: index)
                return
            }
            if isKnown(verdict.kind, value) { return }
            if verdict.kind == .hang, let known = recurringHang(value), let first = findingOfCause[known.key]
            {
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
            let known = causes
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
            func shrinking(dropsRequired: Bool) -> JSONValue {
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
                        || neutralizing(candidate, errors: judge.schema.validate(candidate).errors)
                            == candidate
                }
                if verdict.kind == .hang, shrunk != value,
                    runner.outcomes([JSONSerializer().bytes(shrunk)]).first.map(TrapCause.traps) != true
                {
                    return value  // the probe timeout was fooled by a slow machine: keep what surely hangs
                }
                return shrunk
            }
            var shrunk = shrinking(dropsRequired: true)
            var trapsWhatever = false
            var located = TrapCause.locate(
                kind: verdict.kind, in: shrunk, preferred: preferred, runner: runner, timeout: probeTimeout,
                schema: judge.schema, examples: examples(at:), trapsWhatever: &trapsWhatever)
            var missing: (object: JSONPointer, key: String, fix: JSONValue)?
            if located == nil { missing = missingKeyCause(in: shrunk, original: value) }
            if located == nil, missing == nil {
                // Dropping a key the model needs can trade the cause for another trap (a force
                // unwrap of the missing key fires before the check on `id: 0`): shrink again
                // keeping the required keys, and look there.
                let keeping = shrinking(dropsRequired: false)
                if keeping != shrunk,
                    let again = TrapCause.locate(
                        kind: verdict.kind, in: keeping, preferred: preferred, runner: runner,
                        timeout: probeTimeout, schema: judge.schema, examples: examples(at:),
                        trapsWhatever: &trapsWhatever)
                {
                    shrunk =
                        verdict.kind == .crash
                        ? pruning(keeping, cause: again.pointer, fix: again.fix) : keeping
                    located = again
                }
            }
            var cause = TrapCause(kind: verdict.kind, pattern: "", rules: [], trigger: shrunk, fix: shrunk)
            var locatedVerdict = verdict
            if located == nil, let missing {
                cause = TrapCause(
                    kind: verdict.kind, pattern: CaseJudge.pattern(missing.object.appending(missing.key)),
                    rules: ["required"], trigger: .null, fix: missing.fix, missingKey: true)
                locatedVerdict.pointer = missing.object
                locatedVerdict.rule = .required
                locatedVerdict.detail +=
                    "; the cause is the missing key \"\(missing.key)\" at \(missing.object.displayText) (it breaks `required`): "
                    + "with \"\(missing.key)\": \(JSONSerializer().string(missing.fix)) added, the payload decodes"
            }
            if let located, let trigger = located.pointer.resolve(in: shrunk) {
                let rules = Set(
                    judge.schema.validate(shrunk).errors.filter { $0.instanceLocation == located.pointer }
                        .map(\.keyword))
                cause = TrapCause(
                    kind: verdict.kind, pattern: CaseJudge.pattern(located.pointer), rules: rules,
                    trigger: trigger,
                    fix: located.fix)
                locatedVerdict.pointer = located.pointer
                locatedVerdict.rule = rules.sorted().first.map(SchemaRule.init(rawValue:))
                let text = JSONSerializer().string(trigger)
                let allowed =
                    rules.isEmpty
                    ? "a value the contract allows"
                    : "it breaks " + rules.sorted().map { "`\($0)`" }.joined(separator: ", ")
                locatedVerdict.detail +=
                    "; the cause is \(located.pointer.displayText) = \(text) (\(allowed)): with \(JSONSerializer().string(located.fix)) there"
                    + (located.alone ? "" : " and plainer values before it") + ", the payload decodes"
            }
            if cause.pattern.isEmpty, !cause.missingKey {
                // Only where the payload as generated lacked them: shrinking drops keys freely.
                let missing = judge.schema.validate(value).errors.filter { $0.keyword == "required" }
                if let first = missing.first {
                    // No value to blame, but a key the contract requires is absent: a model that
                    // traps on a missing key (`decodeIfPresent(…)!`) is told so, at the object.
                    locatedVerdict.pointer = first.instanceLocation
                    locatedVerdict.rule = .required
                    locatedVerdict.detail +=
                        "; the payload lacks what the contract requires ("
                        + missing.map { "\($0.instanceLocation.displayText): \($0.message)" }.joined(
                            separator: "; ")
                        + "), which may be the cause"
                }
                if verdict.kind == .hang {
                    locatedVerdict.detail +=
                        "; no single value is the cause (it hangs with every value replaced), so the run stopped here "
                        + "rather than pay the timeout for every further payload"
                } else if trapsWhatever {
                    // Every further payload would cost a relaunch, and teach nothing new.
                    locatedVerdict.detail +=
                        "; no single value is the cause (it crashes with every value replaced), so the run stopped "
                        + "here rather than relaunch the decoder for every further payload"
                    stopped = true
                } else {
                    unlocatedCrashes += 1
                }
            }
            guard seen.insert(cause.key).inserted else { return }
            causes.append(cause)
            findingOfCause[cause.key] = findings.count
            add(locatedVerdict, payload: item.payload, shrunk: shrunk, index: index)
        }

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
        private func isKnown(_ kind: CodableFinding.Kind, _ value: JSONValue) -> Bool {
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

        mutating func add(_ verdict: CaseJudge.Verdict, payload: FuzzPayload, shrunk: JSONValue?, index: Int)
        {
            let text = shrunk.map { JSONSerializer().string($0) } ?? payload.displayText
            findings.append(
                CodableFinding(
                    kind: verdict.kind, typeName: run.harness.typeName, schemaName: schemaName,
                    rule: verdict.rule,
                    payload: text, originalPayload: payload.displayText, pointer: verdict.pointer,
                    message: judge.message(verdict, payload: text) + " [\(payload.origin), case \(index)]",
                    seed: run.fuzzer.seed, caseIndex: index, cases: run.fuzzer.cases,
                    isFailure: judge.isFailure(verdict),
                    reproduction: run.reproduction(caseIndex: index)))
        }

        /// `note` inserted into a finding's message before its trailing `[origin, case n]`.
        static func inserting(_ note: String, into message: String) -> String {
            guard let origin = message.range(of: " [", options: .backwards) else { return message + note }
            return message[..<origin.lowerBound] + note + message[origin.lowerBound...]
        }

        /// Kind, place and rule: two payloads with the same key show the same problem. Items a
        /// lossy model drops are one problem, whichever rule the dropped item broke.
        static func key(_ verdict: CaseJudge.Verdict) -> String {
            if let dropped = verdict.dropped { return "dropped \(CaseJudge.pattern(dropped))" }
            return
                "\(verdict.kind.rawValue) \(CaseJudge.pattern(verdict.pointer)) \(verdict.rule?.rawValue ?? "")"
                + (verdict.nullForOptionalKey ? " null" : "")
        }
    }
}
