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
}
