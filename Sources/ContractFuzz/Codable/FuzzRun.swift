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
                // Bytes that are not JSON: nothing to shrink or locate; one finding per kind.
                guard seen.insert("\(verdict.kind.rawValue) malformed").inserted else { return }
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
            var shrunk = judge.shrink(
                value, verdict: verdict, runner: runner, timeout: verdict.kind == .hang ? probeTimeout : nil,
                maxRounds: verdict.kind == .hang ? 12 : 200
            ) { candidate in
                known.isEmpty
                    || neutralizing(candidate, errors: judge.schema.validate(candidate).errors) == candidate
            }
            if verdict.kind == .hang, shrunk != value,
                runner.outcomes([JSONSerializer().bytes(shrunk)]).first.map(TrapCause.traps) != true
            {
                shrunk = value  // the probe timeout was fooled by a slow machine: keep what surely hangs
            }
            var preferred: JSONPointer?
            if case .mutation(_, let pointer) = item.payload.origin { preferred = pointer }
            let located = TrapCause.locate(
                kind: verdict.kind, in: shrunk, preferred: preferred, runner: runner, timeout: probeTimeout,
                schema: judge.schema, examples: examples(at:))
            var cause = TrapCause(kind: verdict.kind, pattern: "", rules: [], trigger: shrunk, fix: shrunk)
            var locatedVerdict = verdict
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
            if cause.pattern.isEmpty, verdict.kind == .hang {
                locatedVerdict.detail +=
                    "; no single value is the cause (it hangs with every value replaced), so the run stopped here "
                    + "rather than pay the timeout for every further payload"
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
                for place in TrapCause.pointers(matching: pattern, in: value) {
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
            for cause in causes where cause.kind == .hang && !cause.pattern.isEmpty {
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

        /// Whether a known cause explains the trap: with its fix applied, the payload no longer traps.
        private func isKnown(_ kind: CodableFinding.Kind, _ value: JSONValue) -> Bool {
            for cause in causes where cause.kind == kind && !cause.pattern.isEmpty {
                let pointers = TrapCause.pointers(matching: cause.pattern, in: value)
                guard !pointers.isEmpty else { continue }
                let fixed = pointers.reduce(value) { $0.replacing(at: $1, with: cause.fix) }
                let outcome = runner.outcomes([JSONSerializer().bytes(fixed)], timeout: probeTimeout).first
                if let outcome, !TrapCause.traps(outcome) { return true }
            }
            return causes.contains { $0.kind == kind && $0.pattern.isEmpty }
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
