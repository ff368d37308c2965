import Foundation
import JSONSchema

/// One fuzz run of one model against one target: runs the payloads, judges each outcome, and turns
/// each distinct disagreement into a shrunk, located finding.
struct FuzzRun {
    let fuzzer: CodableFuzzer
    let harness: ModelHarness
    let target: FuzzTarget

    typealias Case = PreparedTarget.Case

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
        run(chosen, state: &state)
        return state.report()
    }

    /// Decodes the chosen cases in batches and judges each outcome, until the cases run out or a
    /// finding says that going on would only cost time (an isolation failure, a model that hangs
    /// or crashes on anything).
    private func run(_ chosen: [(index: Int, item: Case)], state: inout State) {
        var position = 0
        while position < chosen.count {
            let batch = chosen[position...].map { (index: $0.index, item: state.neutralizing($0.item)) }
            let outcomes = state.runner.outcomes(batch.map(\.item.payload.bytes)) { outcome in
                if case .isolationFailed = outcome { return true }
                return TrapCause.traps(outcome)
            }
            guard !outcomes.isEmpty else { return }
            for (offset, outcome) in outcomes.enumerated() {
                state.casesRun += 1
                let (index, item) = batch[offset]
                guard
                    let verdict = state.judge.verdict(
                        value: item.payload.value, outcome: outcome, validation: item.validation)
                else { continue }
                switch verdict.kind {
                case .isolationFailed:
                    state.add(verdict, payload: item.payload, shrunk: nil, index: index)
                    return
                case .crash, .hang:
                    state.trap(verdict, item: item, index: index)
                    // Every further payload would cost the timeout: stop, and say so.
                    if state.hangsWhatever || state.stopped { return }
                default:
                    state.disagreement(verdict, item: item, index: index)
                }
            }
            position += outcomes.count
        }
    }

    /// `CodableFuzzer(contract, cases: 100, seed: 1).reproduce(MenuItem.self, .schema("MenuItem"), caseIndex: 17)`.
    func reproduction(caseIndex: Int) -> String {
        let method = harness.encodes ? "reproduce" : "reproduceDecoding"
        return
            "CodableFuzzer(contract, cases: \(fuzzer.cases), seed: \(fuzzer.seed)).\(method)(\(harness.typeName).self, \(target.code), caseIndex: \(caseIndex))"
    }
}
