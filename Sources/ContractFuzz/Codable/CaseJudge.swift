import ContractKit
import Foundation
import JSONSchema

/// Decides what an outcome means for a payload, and shrinks payloads while the verdict holds.
struct CaseJudge {
    let schema: Schema
    /// The schema as people name it (`MenuItem`, `the 200 response of listMenu`).
    let schemaName: String
    let typeName: String
    let failingRules: FailingRules
    /// `schema` with `format` asserted, which shrinking keeps to: where a contract only describes
    /// formats (`assertFormats` off), `""` is still no date-time, and a minimal payload that
    /// turned `"starts_at"` into `""` would point the reader at the wrong value.
    var shrinkSchema: Schema? = nil
    /// Whether the model is re-encoded after decoding (a trap may be in `encode(to:)`).
    var encodes = false

    /// A classified case before it becomes a `CodableFinding`.
    struct Verdict {
        var kind: CodableFinding.Kind
        var pointer: JSONPointer
        var detail: String
        /// The rule the payload (looser, crash, hang) or the re-encoding (encodingDrift) breaks.
        var rule: SchemaRule?
        /// For `looser`: every place the schema rejects, so shrinking adds no new violation.
        var violations: Set<String> = []
        /// For `looser`: the array item the model silently dropped, when it dropped one.
        var dropped: JSONPointer?
        /// For `looser`: `null` accepted for an optional key the contract lets be absent. Plain
        /// `Codable` decodes `null` and an absent key alike into an optional, so this is never a
        /// failure, whatever the rule.
        var nullForOptionalKey = false
    }

    /// The verdict for one payload, or nil when model and contract agree.
    ///
    /// - Parameter validation: the payload's validation when already known (the plan caches it).
    func verdict(value: JSONValue?, outcome: DecodeOutcome, validation: ValidationResult? = nil) -> Verdict? {
        switch outcome {
        case .crashed(let status):
            return Verdict(
                kind: .crash, pointer: .root,
                detail: "\(encodes ? "decoding or re-encoding" : "decoding") crashed the process (\(status))")
        case .isolationFailed(let reason):
            return Verdict(kind: .isolationFailed, pointer: .root, detail: reason)
        case .hung(let seconds):
            return Verdict(
                kind: .hang, pointer: .root,
                detail: "decoding gave no result within \(Self.format(seconds)) s")
        case .threw(let pointer, let message):
            guard let value, (validation ?? schema.validate(value)).isValid else { return nil }
            let wire = Self.wirePointer(pointer, in: value)
            return Verdict(kind: .stricter, pointer: wire, detail: explain(message, at: wire, in: value))
        case .decoded(let reencoded):
            guard let value else { return nil }
            let validation = validation ?? schema.validate(value)
            if !validation.isValid {
                return looser(value, errors: validation.errors, reencoded: reencoded)
            }
            guard let reencoded else { return nil }
            return drift(reencoded, payload: value)
        }
    }

    private func looser(_ value: JSONValue, errors: [ValidationError], reencoded: [UInt8]?) -> Verdict? {
        guard
            let error = errors.first(where: { failingRules.contains(SchemaRule(rawValue: $0.keyword)) })
                ?? errors.first
        else { return nil }
        var verdict = Verdict(
            kind: .looser, pointer: error.instanceLocation, detail: error.message,
            rule: SchemaRule(rawValue: error.keyword),
            violations: Set(errors.map { Self.pattern($0.instanceLocation) + " " + $0.keyword }))
        if let reencoded, let encoded = try? JSONParser.parse(reencoded) {
            verdict.dropped = Self.droppedItem(at: error.instanceLocation, payload: value, encoded: encoded)
        }
        if verdict.dropped == nil, error.keyword == "type", !error.instanceLocation.isRoot,
            error.instanceLocation.resolve(in: value) == .null,
            schema.isValid(value.replacing(at: error.instanceLocation, with: nil))
        {
            verdict.nullForOptionalKey = true
            verdict.detail +=
                " (a warning: the key may be absent, and plain Codable decodes null and an absent key alike)"
        }
        return verdict
    }

    /// The pointer names the place in the payload (the nearest object or array that exists there):
    /// the encoding's own location, which may be a misspelt key, is quoted in the detail.
    private func drift(_ reencoded: [UInt8], payload: JSONValue) -> Verdict? {
        let encoded: JSONValue
        do {
            encoded = try JSONParser.parse(reencoded)
        } catch {
            return Verdict(kind: .encodingDrift, pointer: .root, detail: "the encoding is not JSON: \(error)")
        }
        guard let error = schema.validate(encoded).errors.first else { return nil }
        let text = JSONSerializer().string(encoded)
        var place = error.instanceLocation
        while !place.isRoot, place.resolve(in: payload) == nil { place = place.parent }
        var detail =
            "it encodes back to \(text), which breaks `\(error.keyword)` at \(error.instanceLocation.displayText) of the encoding: \(error.message)"
        if error.keyword == "additionalProperties", let key = error.instanceLocation.tokens.last,
            let object = place.resolve(in: payload)?.objectValue
        {
            let normalized = { (text: String) in text.lowercased().filter { $0 != "_" && $0 != "-" } }
            if let wire = object.keys.first(where: { normalized($0) == normalized(key) && $0 != key }) {
                detail += "; the payload spells it \"\(wire)\": check the key the model encodes"
            }
        }
        return Verdict(
            kind: .encodingDrift, pointer: place, detail: detail, rule: SchemaRule(rawValue: error.keyword))
    }

    /// The decoder's message, with what the payload has where the model looked for a missing key.
    private func explain(_ message: String, at pointer: JSONPointer, in value: JSONValue) -> String {
        guard let key = DecodingFailure.missingKey(in: message),
            let object = pointer.resolve(in: value)?.objectValue
        else { return message }
        let keys = object.keys
        let normalized = { (text: String) in text.lowercased().filter { $0 != "_" && $0 != "-" } }
        let guess =
            keys.first { normalized($0) == normalized(key) } ?? Suggestion.closest(to: key, in: keys)
        let listed = keys.map { "\"\($0)\"" }.joined(separator: ", ")
        let hint = guess.map { "; the payload has \"\($0)\": check the model's CodingKeys" } ?? ""
        return "\(message) (the object has \(listed.isEmpty ? "no keys" : listed))\(hint)"
    }

    /// `pointer` with each key spelt as in the payload: a decoder with a key strategy
    /// (`convertFromSnakeCase`) reports `/imageURL` for the payload's `/image_url`.
    static func wirePointer(_ pointer: JSONPointer, in value: JSONValue) -> JSONPointer {
        let normalized = { (text: String) in text.lowercased().filter { $0 != "_" && $0 != "-" } }
        var result = JSONPointer.root
        var current: JSONValue? = value
        for token in pointer.tokens {
            var spelt = token
            if let object = current?.objectValue, object[token] == nil {
                spelt = object.keys.first { normalized($0) == normalized(token) } ?? token
            }
            result = result.appending(spelt)
            current = current.flatMap { JSONPointer(tokens: [spelt]).resolve(in: $0) }
        }
        return result
    }

    /// The first array on the way to `pointer` that lost items between payload and re-encoding.
    static func droppedItem(at pointer: JSONPointer, payload: JSONValue, encoded: JSONValue) -> JSONPointer? {
        var prefix = JSONPointer.root
        for token in pointer.tokens {
            let next = prefix.appending(token)
            if case .array(let sent)? = prefix.resolve(in: payload), JSONPointer.arrayIndex(token) != nil {
                if case .array(let kept)? = prefix.resolve(in: encoded), kept.count < sent.count {
                    return next
                }
            }
            prefix = next
        }
        return nil
    }

    /// For a stricter verdict without a coding path, the leaf to blame (see `FaultLocator`).
    /// `timeout` bounds each probe of an isolated run (see `shrink`).
    func locatingFault(_ verdict: Verdict, value: JSONValue, runner: DecodeRunner, timeout: Double? = nil)
        -> Verdict
    {
        guard verdict.kind == .stricter, verdict.pointer.isRoot,
            DecodingFailure.missingKey(in: verdict.detail) == nil,
            let (pointer, fix) = FaultLocator.locate(in: value, runner: runner, timeout: timeout)
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
                "\(typeName) is stricter than the contract: \(schemaName) allows \(payload), but decoding fails at \(at): \(verdict.detail)"
        case .looser:
            let rule = verdict.rule.map { "`\($0)`" } ?? "a rule"
            var text =
                "\(typeName) is looser than the contract: it decodes \(payload), which breaks \(rule) of \(schemaName) at \(at): \(verdict.detail)"
            if let dropped = verdict.dropped {
                text +=
                    "; instead of failing, the model silently dropped the item at \(dropped.displayText) (lossy decoding: "
                    + "every item it cannot decode is dropped the same way)"
            }
            return text
        case .encodingDrift:
            return
                "\(typeName) drifts when encoding: \(schemaName) allows \(payload) and it decodes, but \(verdict.detail)"
        case .crash, .hang:
            return
                "\(typeName) \(verdict.kind == .crash ? "crashes" : "hangs") on \(payload): \(verdict.detail)"
        case .isolationFailed:
            return "\(typeName) could not be fuzzed in a child process: \(verdict.detail)"
        case .regression:
            return "\(typeName) no longer decodes \(payload): decoding failed at \(at): \(verdict.detail)"
        }
    }

    func isFailure(_ verdict: Verdict) -> Bool {
        guard verdict.kind == .looser else { return true }
        if verdict.nullForOptionalKey, failingRules != .all { return false }
        return verdict.rule.map(failingRules.contains) ?? true
    }

    /// The violations of `value` as `pattern keyword` strings, `format` included (see `shrinkSchema`).
    func violations(of value: JSONValue) -> Set<String> {
        Set(
            (shrinkSchema ?? schema).validate(value).errors.map {
                Self.pattern($0.instanceLocation) + " " + $0.keyword
            })
    }

    /// Greedy shrinking: take the first one-step simplification with the same verdict, repeat.
    ///
    /// Crash and hang payloads keep only what the model needs: keys and items may go, but no
    /// value may break a rule the original did not break (so a crash on `price: 0` does not end
    /// with an irrelevant, invalid `id: 0`). Hang candidates run with `timeout`.
    ///
    /// - Parameter dropsRequired: whether crash and hang candidates may drop keys the contract
    ///   requires (the default; off when that traded the cause for another trap).
    /// - Parameter admissible: candidates it rejects are never tried (the fuzzer rejects those
    ///   that bring back the value of a cause already reported, so a second cause is not shrunk
    ///   into the first).
    func shrink(
        _ value: JSONValue, verdict: Verdict, runner: DecodeRunner, timeout: Double? = nil,
        maxRounds: Int = 200, dropsRequired: Bool = true, admissible: (JSONValue) -> Bool = { _ in true }
    ) -> JSONValue {
        guard verdict.kind != .isolationFailed else { return value }
        let allowed = verdict.kind == .looser ? [] : violations(of: value)
        var current = value
        for _ in 0..<maxRounds {
            // Every step that keeps a hang costs the probe timeout, so a hang first tries
            // halving each object and array: a few steps instead of one per key.
            let steps =
                verdict.kind == .hang
                ? ShrinkCandidates.halvings(of: current) + ShrinkCandidates.of(current)
                : ShrinkCandidates.of(current)
            let candidates = steps.filter(
                keepsValidity(for: verdict.kind, allowed: allowed, dropsRequired: dropsRequired)
            ).filter(admissible)
            guard !candidates.isEmpty else { break }
            var position = 0
            let outcomes = runner.outcomes(candidates.map { JSONSerializer().bytes($0) }, timeout: timeout) {
                outcome in
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

    private func keepsValidity(for kind: CodableFinding.Kind, allowed: Set<String>, dropsRequired: Bool)
        -> (JSONValue) -> Bool
    {
        switch kind {
        case .stricter, .encodingDrift:
            return { candidate in schema.isValid(candidate) && violations(of: candidate).isSubset(of: allowed)
            }
        case .looser: return { !schema.isValid($0) }
        case .crash, .hang:
            return { candidate in
                violations(of: candidate).allSatisfy {
                    allowed.contains($0) || (dropsRequired && $0.hasSuffix(" required"))
                }
            }
        case .regression, .isolationFailed: return { _ in true }
        }
    }

    private func same(_ verdict: Verdict, value: JSONValue, outcome: DecodeOutcome) -> Bool {
        guard let other = self.verdict(value: value, outcome: outcome), other.kind == verdict.kind else {
            return false
        }
        guard verdict.kind != .crash, verdict.kind != .hang, verdict.kind != .regression else { return true }
        return Self.pattern(other.pointer) == Self.pattern(verdict.pointer) && other.rule == verdict.rule
            && other.violations.isSubset(of: verdict.violations)
    }

    /// The pointer with array indices replaced by `*`, so findings in different elements match.
    static func pattern(_ pointer: JSONPointer) -> String {
        pointer.tokens.map { JSONPointer.arrayIndex($0) == nil ? $0 : "*" }.joined(separator: "/")
    }

    static func format(_ seconds: Double) -> String { String(format: "%.1f", seconds) }
}
