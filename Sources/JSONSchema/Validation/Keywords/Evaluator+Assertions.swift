extension Evaluator {
    /// The validation vocabulary and `format`: checks that look at the instance only.
    mutating func assert(_ keyword: Keyword, _ instance: JSONValue) -> Bool {
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
        case .multipleOf(let divisor):
            guard case .number(let number) = instance, !number.isMultiple(of: divisor) else { return true }
            fail(keyword, "expected a multiple of \(divisor), got \(number)")
        case .maximum(let limit):
            guard case .number(let number) = instance, limit < number else { return true }
            fail(keyword, "expected a number at most \(limit), got \(number)")
        case .exclusiveMaximum(let limit):
            guard case .number(let number) = instance, !(number < limit) else { return true }
            fail(keyword, "expected a number less than \(limit), got \(number)")
        case .minimum(let limit):
            guard case .number(let number) = instance, number < limit else { return true }
            fail(keyword, "expected a number at least \(limit), got \(number)")
        case .exclusiveMinimum(let limit):
            guard case .number(let number) = instance, !(limit < number) else { return true }
            fail(keyword, "expected a number greater than \(limit), got \(number)")
        case .maxLength(let limit):
            guard case .string(let string) = instance, string.utf8.count > limit else { return true }
            let length = string.unicodeScalars.count
            if length <= limit { return true }
            fail(keyword, "expected at most \(MessageText.plural(limit, "character")), got \(length)")
        case .minLength(let limit):
            guard case .string(let string) = instance else { return true }
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
            guard case .string(let string) = instance, !regex.matches(string) else { return true }
            fail(
                keyword,
                "expected a string matching the pattern \(MessageText.quoted(regex.source)), got \(MessageText.value(instance))"
            )
        case .maxItems(let limit):
            guard case .array(let elements) = instance, elements.count > limit else { return true }
            fail(keyword, "expected at most \(MessageText.plural(limit, "item")), got \(elements.count)")
        case .minItems(let limit):
            guard case .array(let elements) = instance, elements.count < limit else { return true }
            fail(keyword, "expected at least \(MessageText.plural(limit, "item")), got \(elements.count)")
        case .uniqueItems:
            guard case .array(let elements) = instance, let (first, second) = Self.duplicate(in: elements)
            else { return true }
            fail(keyword, "expected unique items, but the items at indexes \(first) and \(second) are equal")
        case .maxProperties(let limit):
            guard case .object(let object) = instance, object.count > limit else { return true }
            fail(keyword, "expected at most \(MessageText.plural(limit, "property")), got \(object.count)")
        case .minProperties(let limit):
            guard case .object(let object) = instance, object.count < limit else { return true }
            fail(keyword, "expected at least \(MessageText.plural(limit, "property")), got \(object.count)")
        case .required(let names):
            guard case .object(let object) = instance else { return true }
            var valid = true
            for name in names where !MemberLookup.contains(name, in: object) {
                valid = false
                guard verbose else { return false }
                fail(keyword, "missing required property \(MessageText.quoted(name))")
            }
            return valid
        case .dependentRequired(let dependencies):
            guard case .object(let object) = instance else { return true }
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
        case .format(let format):
            guard case .string(let string) = instance, !format.accepts(string) else { return true }
            fail(keyword, "expected a valid \(format.rawValue), got \(MessageText.value(instance))")
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
