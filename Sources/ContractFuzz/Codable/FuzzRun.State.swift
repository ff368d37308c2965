import Foundation
import JSONSchema

extension FuzzRun {
    /// What a run has found so far.
    struct State {
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
