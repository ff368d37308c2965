extension Evaluator {
    /// The validation vocabulary and `format`: checks that look at the instance only.
    mutating func assert(_ keyword: Keyword, _ instance: JSONValue) -> Bool {
        switch keyword {
        case .type, .enumeration, .const, .format:
            return assertValue(keyword, instance)
        case .multipleOf, .maximum, .exclusiveMaximum, .minimum, .exclusiveMinimum:
            guard case .number(let number) = instance else { return true }
            return assertNumber(keyword, number)
        case .maxLength, .minLength, .pattern:
            guard case .string(let string) = instance else { return true }
            return assertString(keyword, string, instance)
        case .maxItems, .minItems, .uniqueItems:
            guard case .array(let elements) = instance else { return true }
            return assertArray(keyword, elements)
        case .maxProperties, .minProperties, .required, .dependentRequired:
            guard case .object(let object) = instance else { return true }
            return assertObject(keyword, object)
        default:
            return true
        }
    }

    /// `type`, `enum`, `const` and `format`.
    @inline(__always)
    private mutating func assertValue(_ keyword: Keyword, _ instance: JSONValue) -> Bool {
        switch keyword {
        case .type(let types):
            if types.allows(instance) { return true }
            fail(keyword, "expected \(types.text), got \(MessageText.typed(instance))")
        case .enumeration(let allowed):
            if allowed.contains(where: { MemberLookup.equal($0, instance) }) { return true }
            let choices =
                allowed.prefix(5).map(MessageText.value).joined(separator: ", ")
                + (allowed.count > 5 ? ", …" : "")
            fail(keyword, "expected one of \(choices), got \(MessageText.value(instance))")
        case .const(let expected):
            if MemberLookup.equal(instance, expected) { return true }
            fail(keyword, "expected \(MessageText.value(expected)), got \(MessageText.value(instance))")
        case .format(let format):
            guard case .string(let string) = instance, !format.accepts(string) else { return true }
            fail(keyword, "expected a valid \(format.rawValue), got \(MessageText.value(instance))")
        default:
            return true
        }
        return false
    }

    /// `multipleOf` and the bounds of a number.
    @inline(__always)
    private mutating func assertNumber(_ keyword: Keyword, _ number: JSONNumber) -> Bool {
        switch keyword {
        case .multipleOf(let divisor):
            guard !number.isMultiple(of: divisor) else { return true }
            fail(keyword, "expected a multiple of \(divisor), got \(number)")
        case .maximum(let limit):
            guard limit < number else { return true }
            fail(keyword, "expected a number at most \(limit), got \(number)")
        case .exclusiveMaximum(let limit):
            guard !(number < limit) else { return true }
            fail(keyword, "expected a number less than \(limit), got \(number)")
        case .minimum(let limit):
            guard number < limit else { return true }
            fail(keyword, "expected a number at least \(limit), got \(number)")
        case .exclusiveMinimum(let limit):
            guard !(limit < number) else { return true }
            fail(keyword, "expected a number greater than \(limit), got \(number)")
        default:
            return true
        }
        return false
    }

    /// `maxLength`, `minLength`, `pattern`: lengths in Unicode scalars, counted only when the UTF-8
    /// length cannot decide.
    @inline(__always)
    private mutating func assertString(_ keyword: Keyword, _ string: String, _ instance: JSONValue) -> Bool {
        switch keyword {
        case .maxLength(let limit):
            guard string.utf8.count > limit else { return true }
            let length = string.unicodeScalars.count
            if length <= limit { return true }
            fail(keyword, "expected at most \(MessageText.plural(limit, "character")), got \(length)")
        case .minLength(let limit):
            if string.utf8.count >= limit {
                let length = string.unicodeScalars.count
                if length >= limit { return true }
                fail(keyword, "expected at least \(MessageText.plural(limit, "character")), got \(length)")
            } else {
                fail(
                    keyword,
                    "expected at least \(MessageText.plural(limit, "character")), got \(string.unicodeScalars.count)"
                )
            }
        case .pattern(let regex):
            guard !regex.matches(string) else { return true }
            fail(
                keyword,
                "expected a string matching the pattern \(MessageText.quoted(regex.source)), got \(MessageText.value(instance))"
            )
        default:
            return true
        }
        return false
    }

    /// `maxItems`, `minItems`, `uniqueItems`.
    @inline(__always)
    private mutating func assertArray(_ keyword: Keyword, _ elements: [JSONValue]) -> Bool {
        switch keyword {
        case .maxItems(let limit):
            guard elements.count > limit else { return true }
            fail(keyword, "expected at most \(MessageText.plural(limit, "item")), got \(elements.count)")
        case .minItems(let limit):
            guard elements.count < limit else { return true }
            fail(keyword, "expected at least \(MessageText.plural(limit, "item")), got \(elements.count)")
        case .uniqueItems:
            guard let (first, second) = Self.duplicate(in: elements) else { return true }
            fail(keyword, "expected unique items, but the items at indexes \(first) and \(second) are equal")
        default:
            return true
        }
        return false
    }

    /// `maxProperties`, `minProperties`, `required`, `dependentRequired`.
    @inline(__always)
    private mutating func assertObject(_ keyword: Keyword, _ object: JSONObject) -> Bool {
        switch keyword {
        case .maxProperties(let limit):
            guard object.count > limit else { return true }
            fail(keyword, "expected at most \(MessageText.plural(limit, "property")), got \(object.count)")
        case .minProperties(let limit):
            guard object.count < limit else { return true }
            fail(keyword, "expected at least \(MessageText.plural(limit, "property")), got \(object.count)")
        case .required(let names):
            var valid = true
            for name in names where !MemberLookup.contains(name, in: object) {
                valid = false
                guard verbose else { return false }
                fail(keyword, "missing required property \(MessageText.quoted(name))")
            }
            return valid
        case .dependentRequired(let dependencies):
            var valid = true
            for (trigger, names) in dependencies where MemberLookup.contains(trigger, in: object) {
                for name in names where !MemberLookup.contains(name, in: object) {
                    valid = false
                    guard verbose else { return false }
                    fail(
                        keyword, suffix: [trigger],
                        "property \(MessageText.quoted(name)) is required when \(MessageText.quoted(trigger)) is present"
                    )
                }
            }
            return valid
        default:
            return true
        }
        return false
    }

    private mutating func fail(
        _ keyword: Keyword, suffix: [String] = [], _ message: @autoclosure () -> String
    ) {
        guard verbose else { return }
        report(keyword.name, suffix: [keyword.name] + suffix, message())
    }

    /// The indexes of the first two equal items, if any.
    static func duplicate(in elements: [JSONValue]) -> (Int, Int)? {
        if elements.count < 2 { return nil }
        if elements.count <= 16 {
            for first in elements.indices {
                for second in (first + 1)..<elements.count where elements[first] == elements[second] {
                    return (first, second)
                }
            }
            return nil
        }
        var seen: [JSONValue: Int] = [:]
        for (position, element) in elements.enumerated() {
            if let earlier = seen[element] { return (earlier, position) }
            seen[element] = position
        }
        return nil
    }
}
