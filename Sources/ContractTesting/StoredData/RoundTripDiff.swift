import Foundation
import JSONSchema

/// Finds what a snapshot loses when the model loads it and writes it back: keys it drops,
/// values that come back different (an unknown enum case mapped to a default), items it drops.
///
/// Keys the model adds are new data, not a loss; a key that held null may come back absent
/// (optionals are written with `encodeIfPresent`), and a value written back under a new key
/// the model reads (a migration from an old key) is kept. Numbers compare by value, a number written
/// back as the string of the same number is converted, not lost, and dates compare as instants
/// when the text differs (`…00.000Z` and `…00Z`), read with the app's own decoder.
struct RoundTripDiff {
    let shape: ModelShape
    let keys: WireKeys
    let decoder: JSONDecoder

    /// Every loss from `original` to `written`, at the file's pointers.
    func losses(original: JSONValue, written: JSONValue) -> [(pointer: JSONPointer, problem: StoredProblem)] {
        var found: [(pointer: JSONPointer, problem: StoredProblem)] = []
        compare(original, written, at: .root, pattern: .root, into: &found)
        return found
    }

    private func compare(
        _ old: JSONValue, _ new: JSONValue, at pointer: JSONPointer, pattern: JSONPointer,
        into found: inout [(pointer: JSONPointer, problem: StoredProblem)]
    ) {
        switch (old, new) {
        case (.object(let before), .object(let after)):
            for member in before.members {
                let place = pointer.appending(member.key)
                let child = shape.child(of: pattern, key: keys.modelKey(forWire: member.key))
                if let value = after[member.key] {
                    compare(member.value, value, at: place, pattern: child, into: &found)
                } else if !member.value.isNull,
                    !after.members.contains(where: { before[$0.key] == nil && $0.value == member.value })
                {
                    found.append((place, .dropped(member.value)))
                }
            }
        case (.array(let before), .array(let after)) where after.count < before.count:
            found.append((pointer, .itemsDropped(before: before.count, after: after.count)))
        case (.array(let before), .array(let after)):
            let child = shape.child(of: pattern, key: nil)
            for (index, pair) in zip(before, after).enumerated() {
                compare(pair.0, pair.1, at: pointer.appending(index), pattern: child, into: &found)
            }
        default:
            guard !equivalent(old, new, at: pattern) else { return }
            let place = shape.place(pattern)
            let enumType = place?.kind == .enumeration ? place?.type : nil
            found.append((pointer, .changed(from: old, to: new, enumType: enumType)))
        }
    }

    private func equivalent(_ old: JSONValue, _ new: JSONValue, at pattern: JSONPointer) -> Bool {
        if old == new { return true }
        if shape.place(pattern)?.kind == .date || shape.places.isEmpty, let before = date(old),
            let after = date(new)
        {
            return abs(before.timeIntervalSince(after)) < 0.001
        }
        guard let before = number(old), let after = number(new) else { return false }
        return before == after || abs(before - after) <= abs(before) * 1e-12
    }

    /// The value as a `Date`, read by the app's decoder; nil when it reads none.
    private func date(_ value: JSONValue) -> Date? {
        let list = JSONSerializer().bytes(.array([value]))
        return (try? decoder.decode([Date].self, from: Data(list)))?.first
    }

    /// A number, or a string holding one.
    private func number(_ value: JSONValue) -> Double? {
        switch value {
        case .number(let number): return number.doubleValue
        case .string(let text): return JSONNumber(parsing: text)?.doubleValue
        default: return nil
        }
    }
}
