import Foundation
import JSONSchema

/// Decides what an outcome means for a payload, and shrinks payloads while the verdict holds.
struct CaseJudge {
    let schema: Schema
    let schemaName: String
    let typeName: String
    let strict: Bool

    /// A classified case before it becomes a `CodableFinding`.
    struct Verdict {
        var kind: CodableFinding.Kind
        var pointer: JSONPointer
        var detail: String
        /// For `looser`: every place the schema rejects, so shrinking adds no new violation.
        var violations: Set<String> = []
    }

    /// The verdict for one payload, or nil when model and contract agree.
    func verdict(value: JSONValue?, outcome: DecodeOutcome) -> Verdict? {
        switch outcome {
        case .crashed(let status):
            return Verdict(kind: .crash, pointer: .root, detail: "decoding crashed the process (\(status))")
        case .isolationFailed(let reason):
            return Verdict(kind: .crash, pointer: .root, detail: "crash isolation failed: \(reason)")
        case .hung(let seconds):
            return Verdict(
                kind: .hang, pointer: .root,
                detail: "decoding did not finish within \(Self.format(seconds)) s")
        case .threw(let pointer, let message):
            guard let value, schema.isValid(value) else { return nil }
            return Verdict(kind: .stricter, pointer: pointer, detail: message)
        case .decoded(let reencoded):
            guard let value else { return nil }
            let validation = schema.validate(value)
            if let error = validation.errors.first {
                return Verdict(
                    kind: .looser, pointer: error.instanceLocation, detail: error.message,
                    violations: Set(
                        validation.errors.map { Self.pattern($0.instanceLocation) + " " + $0.keyword }))
            }
            guard let reencoded else { return nil }
            let encoded: JSONValue
            do {
                encoded = try JSONParser.parse(reencoded)
            } catch {
                return Verdict(
                    kind: .encodingDrift, pointer: .root, detail: "the encoding is not JSON: \(error)")
            }
            guard let error = schema.validate(encoded).errors.first else { return nil }
            let text = JSONSerializer().string(encoded)
            return Verdict(
                kind: .encodingDrift, pointer: error.instanceLocation,
                detail:
                    "it encodes back to \(text), which the schema rejects at \(error.instanceLocation.displayText): \(error.message)"
            )
        }
    }

    /// For a stricter verdict without a coding path, the leaf to blame (see `FaultLocator`).
    func locatingFault(_ verdict: Verdict, value: JSONValue, runner: DecodeRunner) -> Verdict {
        guard verdict.kind == .stricter, verdict.pointer.isRoot,
            let (pointer, fix) = FaultLocator.locate(in: value, runner: runner)
        else { return verdict }
        var located = verdict
        located.pointer = pointer
        located.detail =
            "\(verdict.detail) (the decoder gave no coding path; the value at \(pointer.displayText) is the cause: "
            + "with \(JSONSerializer().string(fix)) there instead, the payload decodes)"
        return located
    }

    /// The human sentence of a finding.
    func message(_ verdict: Verdict, payload: String) -> String {
        let at = verdict.pointer.displayText
        switch verdict.kind {
        case .stricter:
            return
                "\(typeName) is stricter than the contract: \(payload) is valid for \(schemaName) but decoding failed at \(at): \(verdict.detail)"
        case .looser:
            return
                "\(typeName) is looser than the contract: \(payload) is invalid for \(schemaName) (at \(at): \(verdict.detail)) but decodes"
        case .encodingDrift:
            return
                "\(typeName) drifts when encoding: \(payload) is valid for \(schemaName) and decodes, but \(verdict.detail)"
        case .crash, .hang:
            return
                "\(typeName) \(verdict.kind == .crash ? "crashes" : "hangs") on \(payload): \(verdict.detail)"
        case .regression:
            return "\(typeName) no longer decodes \(payload): decoding failed at \(at): \(verdict.detail)"
        }
    }

    func isFailure(_ kind: CodableFinding.Kind) -> Bool { kind != .looser || strict }

    /// Greedy shrinking: take the first one-step simplification with the same verdict, repeat.
    func shrink(_ value: JSONValue, verdict: Verdict, runner: DecodeRunner, maxRounds: Int = 200) -> JSONValue
    {
        guard verdict.kind != .hang, !verdict.detail.hasPrefix("crash isolation failed") else { return value }
        var current = value
        for _ in 0..<maxRounds {
            let candidates = ShrinkCandidates.of(current).filter(keepsValidity(for: verdict.kind))
            guard !candidates.isEmpty else { break }
            var position = 0
            let outcomes = runner.outcomes(candidates.map { JSONSerializer().bytes($0) }) { outcome in
                defer { position += 1 }
                return same(verdict, value: candidates[position], outcome: outcome)
            }
            guard let last = outcomes.last,
                same(verdict, value: candidates[outcomes.count - 1], outcome: last)
            else { break }
            current = candidates[outcomes.count - 1]
        }
        return current
    }

    private func keepsValidity(for kind: CodableFinding.Kind) -> (JSONValue) -> Bool {
        switch kind {
        case .stricter, .encodingDrift: return { schema.isValid($0) }
        case .looser: return { !schema.isValid($0) }
        case .crash, .hang, .regression: return { _ in true }
        }
    }

    private func same(_ verdict: Verdict, value: JSONValue, outcome: DecodeOutcome) -> Bool {
        guard let other = self.verdict(value: value, outcome: outcome), other.kind == verdict.kind else {
            return false
        }
        guard verdict.kind != .crash, verdict.kind != .hang, verdict.kind != .regression else { return true }
        return Self.pattern(other.pointer) == Self.pattern(verdict.pointer)
            && other.violations.isSubset(of: verdict.violations)
    }

    /// The pointer with array indices replaced by `*`, so findings in different elements match.
    static func pattern(_ pointer: JSONPointer) -> String {
        pointer.tokens.map { JSONPointer.arrayIndex($0) == nil ? $0 : "*" }.joined(separator: "/")
    }

    static func format(_ seconds: Double) -> String { String(format: "%.1f", seconds) }
}
