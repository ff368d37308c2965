import Foundation
import JSONSchema

/// What the words of a parameter's or property's `description` say about its values, where they
/// say it plainly enough to read without guessing.
///
/// Descriptions often state what the schema does not: "0 for no content, 1 for content", "one of
/// 'asc', 'desc'", "Must be at least 1 second". A request that breaks such a sentence is not one a
/// maintainer would call valid, so the fuzzer reads three kinds of sentence:
///
/// - **a set of values**: two or more literals (quoted text, numbers, `null`) listed in
///   parentheses (`('file', 'directory')`, `(0 for no hash, 1 for hash)`), after "one of", or
///   joined by "or" (`0 or 1`);
/// - **a bound**: "at least N", "at most N", "no more/less than N", "minimum/maximum (of) N",
///   "greater/less than (or equal to) N", "between A and B", with N a number followed by no unit or
///   by the unit the description says the value is in ("in seconds … at least 1 second");
/// - **a restriction it cannot read**: "must", "cannot", "may not", "not allowed", "only valid",
///   "JSON-serialized" (a text that must parse as JSON);
///   and "required" where the schema does not require it ("Not required for anonymous block
///   documents" says that it is otherwise).
///
/// Anything else is left alone: most descriptions say what a value means, not what it may be.
struct DescribedValues: Equatable {
    /// The values the words allow, when they list them.
    var values: [JSONValue]?
    /// The bounds the words give: `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`.
    var bounds: [String: JSONNumber] = [:]
    /// The words restrict the values in a way not read here.
    var restricts = false
    /// The words say the value is required in some cases.
    var requiredSometimes = false

    var isEmpty: Bool { values == nil && bounds.isEmpty && !restricts && !requiredSometimes }

    /// Reads `text`, the description of a value named `name` (its name may say its unit).
    static func read(_ text: String, name: String = "") -> DescribedValues {
        let lowered = text.lowercased()
        var result = DescribedValues()
        result.values = listedValues(in: text)
        result.bounds = bounds(in: lowered, name: name.lowercased())
        let unitBound = lowered.firstMatch(of: boundWithUnit) != nil && result.bounds.isEmpty
        result.restricts = unitBound || lowered.firstMatch(of: restriction) != nil
        result.requiredSometimes = lowered.firstMatch(of: /\brequired\b/) != nil
        // What was read is what the sentence says; "must be at least 1 second" needs no more.
        if result.values != nil || !result.bounds.isEmpty { result.restricts = unitBound }
        return result
    }

    // MARK: - Sets of values

    private static var literal: Regex<(Substring, Substring?, Substring?, Substring?, Substring?, Substring?)>
    {
        #/^(?:'([^']*)'|"([^"]*)"|`([^`]*)`|(-?\d+(?:\.\d+)?)|(null|true|false))(?:\s+(?:for|means|to|-|–|:)\b.*|\s*-.*)?$/#
    }

    /// The literals a text lists, in order, when it lists two or more and nothing else.
    static func listedValues(in text: String) -> [JSONValue]? {
        var groups: [Substring] = text.matches(of: /\(([^()]*)\)/).map(\.output.1)
        if let oneOf = text.firstMatch(of: /(?i)\bone of:?\s+([^.;()]+)/) { groups.append(oneOf.output.1) }
        if let pair = text.firstMatch(
            of:
                /(?:^|[\s(])((?:'[^']*'|"[^"]*"|`[^`]*`|-?\d+(?:\.\d+)?)\s+or\s+(?:'[^']*'|"[^"]*"|`[^`]*`|-?\d+(?:\.\d+)?))(?=$|[\s.,;)])/
        ) {
            groups.append(pair.output.1)
        }
        for group in groups {
            let parts = group.split(separator: /,|\bor\b/).map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            guard parts.count >= 2 else { continue }
            let values = parts.compactMap(value(of:))
            if values.count == parts.count { return values }
        }
        return nil
    }

    private static func value(of part: String) -> JSONValue? {
        guard let match = part.wholeMatch(of: literal) else { return nil }
        if let text = match.output.1 ?? match.output.2 ?? match.output.3 { return .string(String(text)) }
        if let number = match.output.4 { return JSONNumber(parsing: String(number)).map(JSONValue.number) }
        switch match.output.5 {
        case "null": return .null
        case "true": return .bool(true)
        case "false": return .bool(false)
        default: return nil
        }
    }

    // MARK: - Bounds

    private static let number = #"(-?\d+(?:\.\d+)?)"#
    private static var boundWithUnit: Regex<Substring> {
        #/\b(?:at least|at most|no (?:more|less|fewer) than|minimum(?: of| is)?|maximum(?: of| is)?|greater than|less than|more than|fewer than|between)\s+-?\d+(?:\.\d+)?\s+[a-z]+/#
    }
    private static var restriction: Regex<Substring> {
        #/\bmust\b|\bcannot\b|\bcan't\b|\bmay not\b|\bnot allowed\b|\bonly (?:valid|allowed|accepted)\b|\bshould be (?:one of|at least|at most|between|less|greater)\b|\bjson[- ]?(?:serialized|encoded)\b/#
    }

    /// The bounds a lowercased text gives, each with no unit or with the value's own unit.
    static func bounds(in text: String, name: String) -> [String: JSONNumber] {
        let phrases: [(String, [String])] = [
            (
                #"(?:at least|no less than|no fewer than|minimum(?: of| is)?|greater than or equal to|>=)"#,
                ["minimum"]
            ),
            (#"(?:at most|no more than|maximum(?: of| is)?|less than or equal to|<=)"#, ["maximum"]),
            (#"(?<!no )(?:greater than|more than|>)(?! or equal)"#, ["exclusiveMinimum"]),
            (#"(?<!no )(?:less than|fewer than|<)(?! or equal)"#, ["exclusiveMaximum"]),
            (#"between"#, ["minimum", "maximum"]),
        ]
        var bounds: [String: JSONNumber] = [:]
        for (phrase, keywords) in phrases {
            let tail = keywords.count == 2 ? #"\s+"# + number + #"\s+and\s+"# + number : #"\s+"# + number
            guard
                let regex = try? NSRegularExpression(
                    pattern: #"(?:^|[^a-z])"# + phrase + tail + #"(?:\s+([a-z]+))?"#),
                let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
            else { continue }
            let unitGroup = keywords.count + 1
            if let range = Range(match.range(at: unitGroup), in: text),
                !isOwnUnit(String(text[range]), text, name)
            {
                continue
            }
            for (offset, keyword) in keywords.enumerated() where bounds[keyword] == nil {
                guard let range = Range(match.range(at: offset + 1), in: text),
                    let value = JSONNumber(parsing: String(text[range]))
                else { continue }
                bounds[keyword] = value
            }
        }
        return bounds
    }

    /// Whether `word` after a number is no unit at all ("at least 1 and …") or the unit the value
    /// is in: named by the text ("in seconds") or by the value's name (`interval_seconds`).
    private static func isOwnUnit(_ word: String, _ text: String, _ name: String) -> Bool {
        // Counts: "at most 50 items" bounds the number itself.
        if ["item", "items", "element", "elements", "entry", "entries", "result", "results"].contains(word) {
            return true
        }
        let units = ["second", "minute", "hour", "day", "week", "millisecond", "byte", "character"]
        guard let unit = units.first(where: { word == $0 || word == $0 + "s" }) else {
            // A word that is no unit ("and", "or", "if"): the number stands alone.
            return !word.allSatisfy(\.isLetter)
                || ["and", "or", "if", "when", "for", "in", "per"].contains(word)
        }
        return text.contains("in \(unit)s") || name.contains(unit)
    }
}
