import Foundation
import JSONSchema

/// Turns what a model could not load into wire terms: the file's pointer and key names, what
/// the file holds there, and what the model expected, in the words of the app's own decoder.
struct FailureExplainer {
    let snapshot: JSONValue
    let shape: ModelShape
    let keys: WireKeys
    let decoder: JSONDecoder

    /// The place in the file and the problem.
    func explain(_ failure: StoredFailure) -> (pointer: JSONPointer, problem: StoredProblem) {
        let pointer = keys.pointer(for: failure.path, in: snapshot)
        let pattern = shape.pattern(of: failure.path)
        let found = pointer.resolve(in: snapshot)
        switch failure.kind {
        case .typeMismatch:
            let (expected, note) = expectation(failure.expected ?? "", at: pattern)
            return (pointer, .unexpected(expected: expected, note: note, found: found))
        case .valueNotFound:
            let (expected, note) = expectation(failure.expected ?? "", at: pattern)
            return (pointer, .null(expected: expected, note: note))
        case .keyNotFound:
            let model = failure.missingKey ?? ""
            let key = keys.wireKey(forModel: model)
            let readAs = keys.modelKey(forWire: key)
            if readAs != model {
                // `homeURL` is written `home_url`, which convertFromSnakeCase reads as `homeUrl`.
                return (pointer.appending(key), .unreachableKey(model, wire: key, readAs: readAs))
            }
            return (
                pointer.appending(key),
                .missingKey(key, unread: unreadKeys(of: found, at: pattern, missing: key))
            )
        case .dataCorrupted:
            return corrupted(failure.detail, pointer: pointer, pattern: pattern)
        case .thrown:
            return (pointer, .threw(failure.detail))
        case .encodingFailed:
            return (pointer, .encodingFailed(failure.detail))
        }
    }

    /// What the file should hold where the decoder wanted `typeName`, and what the model reads
    /// there when that says more (`Date` and its strategy, an enum, a nested model).
    private func expectation(_ typeName: String, at pattern: JSONPointer) -> (String, String?) {
        let place = shape.place(pattern)
        switch place?.kind {
        case .date?:
            let words = StrategyWords.date(decoder)
            return (words.expected, "the model decodes `Date` \(words.how)")
        case .data?:
            let words = StrategyWords.data(decoder)
            return (words.expected, "the model decodes `Data` \(words.how)")
        case .url?:
            return ("a string holding a URL", "the model decodes `URL`")
        default:
            let expected = StrategyWords.json(forType: typeName)
            guard let place, place.type != typeName else { return (expected, nil) }
            return (expected, "the model decodes `\(place.type)`")
        }
    }

    private func corrupted(_ detail: String, pointer: JSONPointer, pattern: JSONPointer)
        -> (pointer: JSONPointer, problem: StoredProblem)
    {
        var pointer = pointer
        var pattern = pattern
        var found = pointer.resolve(in: snapshot)
        let place = shape.place(pattern)
        if pointer.isRoot, let misfit = misfitNumber(in: snapshot, at: .root, pattern: .root) {
            // swift-foundation reports a number that does not fit the model's integer type as
            // "not valid JSON", with no coding path.
            let whole = misfit.value.numberValue?.isInteger ?? true
            let expected = whole ? "a number that fits `\(misfit.type)`" : "a whole number"
            let note = whole ? nil : "the model decodes `\(misfit.type)`"
            return (misfit.pointer, .unexpected(expected: expected, note: note, found: misfit.value))
        }
        let keyPrefix = "Could not convert key to type "
        if detail.hasPrefix(keyPrefix), let key = pointer.tokens.last {
            // A dictionary keyed by an enum, with a key that is no case of it.
            return (pointer, .unknownCase(key, type: String(detail.dropFirst(keyPrefix.count)), known: []))
        }
        if let (type, value) = Self.invalidCase(detail) {
            let shown = found?.stringValue ?? value
            return (pointer, .unknownCase(shown, type: type, known: place?.cases ?? []))
        }
        let mentionsDate = detail.lowercased().contains("date")
        if mentionsDate, place?.kind != .date, case .object(let object)? = found,
            let (key, value) = unreadableDate(in: object, at: pattern)
        {
            // The decoder stops at the object holding a date it cannot read: name the date.
            pointer = pointer.appending(key)
            pattern = shape.child(of: pattern, key: keys.modelKey(forWire: key))
            found = value
        }
        return (pointer, problem(detail, at: pattern, found: found, mentionsDate: mentionsDate))
    }

    /// What a value the decoder found corrupted should have been, by what the model reads at
    /// `pattern` (a date, data, a URL, a number of some size) or the decoder's own words.
    private func problem(_ detail: String, at pattern: JSONPointer, found: JSONValue?, mentionsDate: Bool)
        -> StoredProblem
    {
        let kind = shape.place(pattern)?.kind
        if kind == .date || (mentionsDate && kind == nil) {
            let words = StrategyWords.date(decoder)
            return .unexpected(
                expected: words.expected, note: "the model decodes `Date` \(words.how)", found: found)
        }
        if kind == .data || detail.contains("Base64") {
            let words = StrategyWords.data(decoder)
            return .unexpected(
                expected: words.expected, note: "the model decodes `Data` \(words.how)", found: found)
        }
        if kind == .url || detail.contains("URL") {
            return .unexpected(expected: "a valid URL", note: "the model decodes `URL`", found: found)
        }
        if detail.contains("does not fit in") {
            let type = shape.place(pattern)?.type ?? "the model's number type"
            return .unexpected(expected: "a number that fits `\(type)`", note: nil, found: found)
        }
        return .rejected(detail, found: found)
    }

    /// The first member of `object` the model reads as a `Date` that the decoder cannot read.
    private func unreadableDate(in object: JSONObject, at pattern: JSONPointer) -> (String, JSONValue)? {
        object.members.first { member in
            let child = shape.child(of: pattern, key: keys.modelKey(forWire: member.key))
            guard shape.place(child)?.kind == .date else { return false }
            let list = JSONSerializer().bytes(.array([member.value]))
            return (try? decoder.decode([Date].self, from: Data(list))) == nil
        }
    }

    /// The first number in `value` that the integer type the model reads at its place cannot hold.
    private func misfitNumber(in value: JSONValue, at pointer: JSONPointer, pattern: JSONPointer)
        -> (pointer: JSONPointer, type: String, value: JSONValue)?
    {
        switch value {
        case .number(let number):
            guard let type = shape.place(pattern)?.type, Self.fits(number, integerType: type) == false else {
                return nil
            }
            return (pointer, type, value)
        case .array(let elements):
            let child = shape.child(of: pattern, key: nil)
            for (index, element) in elements.enumerated() {
                if let found = misfitNumber(in: element, at: pointer.appending(index), pattern: child) {
                    return found
                }
            }
            return nil
        case .object(let object):
            for member in object.members {
                let child = shape.child(of: pattern, key: keys.modelKey(forWire: member.key))
                if let found = misfitNumber(
                    in: member.value, at: pointer.appending(member.key), pattern: child)
                {
                    return found
                }
            }
            return nil
        default:
            return nil
        }
    }

    /// Whether `number` fits the Swift integer type named `type`; nil when it names none.
    static func fits(_ number: JSONNumber, integerType type: String) -> Bool? {
        let bits: [String: (signed: Bool, width: Int)] = [
            "Int": (true, 64), "Int8": (true, 8), "Int16": (true, 16), "Int32": (true, 32),
            "Int64": (true, 64),
            "UInt": (false, 64), "UInt8": (false, 8), "UInt16": (false, 16), "UInt32": (false, 32),
            "UInt64": (false, 64),
        ]
        guard let (signed, width) = bits[type] else { return nil }
        guard number.isInteger else { return false }
        guard let value = number.intValue else {
            // Beyond Int64: only an unsigned 64-bit type holds it, up to 2^64 - 1.
            return !signed && width == 64 && !number.isNegative
                && number.doubleValue < 18_446_744_073_709_551_616
        }
        if !signed { return value >= 0 && (width == 64 || value < 1 << width) }
        return width == 64 || (value >= -(1 << (width - 1)) && value < 1 << (width - 1))
    }

    /// The keys of the object at `pattern` that the model does not read, the one spelled like
    /// the missing `key` first.
    private func unreadKeys(of value: JSONValue?, at pattern: JSONPointer, missing key: String) -> [String] {
        // Only a probe that went through the whole model knows every key it reads.
        guard shape.problem == nil, let object = value?.objectValue, let place = shape.place(pattern),
            !place.keys.isEmpty, place.kind != .dictionary
        else { return [] }
        let unread = object.keys.filter { !place.keys.contains(keys.modelKey(forWire: $0)) }
        // The likeliest old spelling first: `user_name` for `userName`.
        let missing = Self.letters(key)
        return unread.filter { Self.letters($0) == missing } + unread.filter { Self.letters($0) != missing }
    }

    private static func letters(_ key: String) -> String {
        String(key.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// The enum and the value of the standard library's message for a raw value that is no
    /// case: `Cannot initialize Status from invalid String value done`.
    static func invalidCase(_ detail: String) -> (type: String, value: String)? {
        let prefix = "Cannot initialize "
        guard detail.hasPrefix(prefix), let from = detail.range(of: " from invalid "),
            let value = detail.range(of: " value ", range: from.upperBound..<detail.endIndex)
        else { return nil }
        return (
            String(detail[detail.index(detail.startIndex, offsetBy: prefix.count)..<from.lowerBound]),
            String(detail[value.upperBound...])
        )
    }
}
