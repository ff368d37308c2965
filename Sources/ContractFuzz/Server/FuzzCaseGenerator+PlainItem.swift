import ContractKit
import Foundation
import JSONSchema
import SchemaGeneration

/// A made-up item named in plain letters and digits, to tell apart what a refusal is about: the
/// item's text or the item's state.
extension FuzzCaseGenerator {
    /// `request` with each path value that is more than letters, digits, `_` and `-` (an emoji, a
    /// space, a combining accent) replaced by a plain text its schema accepts, one no answer gave
    /// and no other try used (`conform` and eight hex digits drawn from `random`, else shorter);
    /// nil when no value is unusual, one is a value an answer gave (an item the run made, as
    /// Jupyter's `PUT /api/contents/{path}` makes a file at any text), or one has no plain
    /// replacement.
    ///
    /// Both then name items nobody made, so they differ only in their text: a server that refuses
    /// the first with 400 and takes the second refuses valid data (Kinto's "Invalid object id" on
    /// an id its description leaves free).
    func withPlainMadeUpItem(_ request: FuzzRequest, random: inout SeededRandom) -> FuzzRequest? {
        var changed = request
        var replaced = false
        let word = UInt32.random(in: 0...UInt32.max, using: &random)
        let texts = [String(format: "conform%08x", word), String(format: "c%04x", word % 65_536), "1", "a"]
        for parameter in endpoint.parameters where parameter.location == .path {
            guard let value = request.draft.path[parameter.name], !Self.isPlainItemText(value) else {
                continue
            }
            let known =
                live.seenValues(named: [parameter.name])
                + live.items.values.flatMap { $0 }.compactMap {
                    $0[parameter.name]
                }
            guard !known.contains(value), let pointer = parameter.schemaPointer,
                let plain = texts.map(JSONValue.string).first(where: { text in
                    guard let readBack = carried(text, by: parameter) else { return false }
                    return validity.schemas.validate(readBack, at: pointer).isValid
                })
            else { return nil }
            changed.draft.path[parameter.name] = plain
            replaced = true
        }
        return replaced ? changed : nil
    }

    /// Whether a path value is a number or a text of ASCII letters, digits, `_` and `-` only.
    static func isPlainItemText(_ value: JSONValue) -> Bool {
        guard case .string(let text) = value else { return true }
        return !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
                    || scalar == "_" || scalar == "-"
            }
    }
}
