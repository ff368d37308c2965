import JSONSchema
import SchemaGeneration

extension Mutator {
    /// A proposed local change: replace the value at the location (or at `key` below it, removing
    /// when `replacement` is nil).
    struct Edit {
        var kind: Mutation.Kind
        var key: String?
        var replacement: JSONValue?
        /// What the edit breaks, in words; written only for the candidates a plan keeps (a plan
        /// proposes thousands and keeps hundreds, and the text was a fifth of proposing one).
        var describe: () -> String

        init(
            kind: Mutation.Kind, key: String? = nil, replacement: JSONValue?,
            description: @autoclosure @escaping () -> String
        ) {
            self.kind = kind
            self.key = key
            self.replacement = replacement
            describe = description
        }
    }

    func edits(for value: JSONValue, _ constraints: Constraints) -> [Edit] {
        let keywords = constraints.keywords
        var edits: [Edit] = []
        if let type = keywords["type"] {
            // The same number as text (`"2000"` for 2000) comes first: what lax parsers coerce, so
            // accepting it shows a server (or a model) looser than its contract, while a server
            // that refuses it refuses the other wrong types too. Breadth-first budgets reach it.
            if case .number(let number) = value, case let text = JSONValue.string(number.description),
                !text.matchesType(type)
            {
                edits.append(
                    Edit(
                        kind: .wrongType, replacement: text,
                        description:
                            "the number as text \(text.compactText) where \(type.compactText) is expected"))
            }
            if let wrong = Self.wrongTypeSamples.first(where: { !$0.matchesType(type) }) {
                edits.append(
                    Edit(
                        kind: .wrongType, replacement: wrong,
                        description: "\(wrong.typeName) where \(type.compactText) is expected"))
            }
        }
        if !value.isNull {
            edits.append(Edit(kind: .nullNotAllowed, replacement: .null, description: "null is not allowed"))
        }
        if let options = keywords["enum"]?.arrayValue {
            let outsider = Self.outsider(of: options, like: value)
            let kind: Mutation.Kind = keywords["const"] != nil ? .constViolation : .enumViolation
            edits.append(
                Edit(
                    kind: kind, replacement: outsider,
                    description: "\(outsider.compactText) is not an allowed value"))
        }
        switch value {
        case .number(let number): edits += numberEdits(number, keywords)
        case .string(let text): edits += stringEdits(text, keywords)
        case .array(let elements): edits += arrayEdits(elements, keywords)
        case .object(let object): edits += objectEdits(object, constraints)
        default: break
        }
        return edits
    }

    /// One value of each type, built once (every location of every walked instance reads them).
    private static let wrongTypeSamples: [JSONValue] = ["wrong type", 12345, true, [1], ["wrong": "type"]]

    private static func outsider(of options: [JSONValue], like value: JSONValue) -> JSONValue {
        let candidates: [JSONValue]
        switch value {
        case .string(let text): candidates = [.string(text + "-invalid"), "not-an-allowed-value", ""]
        case .number: candidates = [-987_654_321, 987_654_321, 0.5]
        case .bool(let flag): candidates = [.bool(!flag), "invalid"]
        default: candidates = ["not-an-allowed-value", 0]
        }
        return candidates.first { !options.contains($0) } ?? "not-an-allowed-value"
    }

    private func numberEdits(_ number: JSONNumber, _ keywords: JSONObject) -> [Edit] {
        var edits: [Edit] = []
        let step = keywords["multipleOf"]?.numberValue.flatMap(DecimalStep.init) ?? .one
        func shifted(_ bound: JSONNumber, by delta: DecimalStep?) -> JSONValue? {
            guard let base = DecimalStep(bound) else {
                // A bound of more than 18 digits (2^63): one past it, by decimal arithmetic.
                guard let delta, delta == .one || delta == DecimalStep.one.negated() else { return nil }
                return IntegerText.step(bound, upward: delta == .one).map { .number($0) }
            }
            guard let delta else { return .number(bound) }
            return base.adding(delta)?.number.map { .number($0) }
        }
        let bounds: [(String, DecimalStep?)] = [
            ("minimum", step.negated()), ("maximum", step), ("exclusiveMinimum", nil),
            ("exclusiveMaximum", nil),
        ]
        for (keyword, delta) in bounds {
            guard let bound = keywords[keyword]?.numberValue, let replacement = shifted(bound, by: delta)
            else { continue }
            edits.append(
                Edit(
                    kind: .outOfRange, replacement: replacement,
                    description: "\(replacement.compactText) breaks \(keyword) \(bound)"))
        }
        if keywords["multipleOf"] != nil, let current = DecimalStep(number), let half = step.halved(),
            let broken = current.adding(half)?.number
        {
            edits.append(
                Edit(
                    kind: .notMultipleOf, replacement: .number(broken),
                    description: "\(broken) is not a multiple of \(step.number?.description ?? "")"))
        }
        if let type = keywords["type"], Constraints.typeNames(type).contains("integer"),
            !Constraints.typeNames(type).contains("number"), let current = DecimalStep(number),
            let broken = current.adding(DecimalStep(significand: 5, exponent: -1))?.number
        {
            edits.append(
                Edit(
                    kind: .notInteger, replacement: .number(broken),
                    description: "\(broken) is not an integer"))
        }
        return edits
    }

    private func stringEdits(_ text: String, _ keywords: JSONObject) -> [Edit] {
        var edits: [Edit] = []
        if let minimum = keywords["minLength"]?.intValue, minimum > 0 {
            let short = String(String.UnicodeScalarView(text.unicodeScalars.prefix(minimum - 1)))
            edits.append(
                Edit(
                    kind: .tooShort, replacement: .string(short),
                    description: "\(minimum - 1) code points, below minLength \(minimum)"))
        }
        if let maximum = keywords["maxLength"]?.intValue, maximum < 1_000_000 {
            let scalars = Array(text.unicodeScalars)
            let filler = scalars.isEmpty ? ["a"] : scalars
            let long = String(String.UnicodeScalarView((0...maximum).map { filler[$0 % filler.count] }))
            edits.append(
                Edit(
                    kind: .tooLong, replacement: .string(long),
                    description: "\(maximum + 1) code points, above maxLength \(maximum)"))
        }
        if let pattern = keywords["pattern"]?.stringValue {
            let candidates = ["", "!", " ", "~~~", "\u{0}", text + "!", "!" + text, text + "\n", "😀"]
            if let broken = candidates.first(where: { PatternMatcher.matches($0, pattern: pattern) == false })
            {
                edits.append(
                    Edit(
                        kind: .patternMismatch, replacement: .string(broken),
                        description: "\(JSONValue.string(broken).compactText) does not match \(pattern)"))
            }
        }
        if includesFormatViolations, let format = keywords["format"]?.stringValue,
            FormatValues.supported.contains(format)
        {
            edits.append(
                Edit(
                    kind: .formatViolation, replacement: .string("not a valid \(format)"),
                    description: "not a valid \(format)"))
        }
        return edits
    }

    private func arrayEdits(_ elements: [JSONValue], _ keywords: JSONObject) -> [Edit] {
        var edits: [Edit] = []
        if let minimum = keywords["minItems"]?.intValue, minimum > 0 {
            edits.append(
                Edit(
                    kind: .tooFewItems, replacement: .array(Array(elements.prefix(minimum - 1))),
                    description: "\(minimum - 1) items, below minItems \(minimum)"))
        }
        if let maximum = keywords["maxItems"]?.intValue, maximum < 100_000 {
            let filler = elements.last ?? .null
            let grown = elements + Array(repeating: filler, count: maximum + 1 - elements.count)
            edits.append(
                Edit(
                    kind: .tooManyItems, replacement: .array(grown),
                    description: "\(maximum + 1) items, above maxItems \(maximum)"))
        }
        if keywords["uniqueItems"]?.boolValue == true, let first = elements.first {
            var duplicated = elements
            if elements.count >= 2 { duplicated[1] = first } else { duplicated.append(first) }
            edits.append(
                Edit(
                    kind: .duplicateItems, replacement: .array(duplicated),
                    description: "duplicate items under uniqueItems"))
        }
        return edits
    }

    private func objectEdits(_ object: JSONObject, _ constraints: Constraints) -> [Edit] {
        let keywords = constraints.keywords
        var edits: [Edit] = []
        for key in keywords["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where object[key] != nil
        {
            edits.append(
                Edit(
                    kind: .missingRequired, key: key, replacement: nil,
                    description: "required \"\(key)\" is missing"))
        }
        if keywords["additionalProperties"] == false || constraints.allowedKeys != nil
            || keywords["unevaluatedProperties"] == false
        {
            var key = "unexpectedProperty"
            while object[key] != nil { key += "_" }
            edits.append(
                Edit(
                    kind: .unknownKey, key: key, replacement: "unexpected",
                    description: "unknown key \"\(key)\" in a closed object"))
        }
        if let minimum = keywords["minProperties"]?.intValue, minimum > 0 {
            let kept = JSONObject(Array(object.members.prefix(minimum - 1)))
            edits.append(
                Edit(
                    kind: .tooFewProperties, replacement: .object(kept),
                    description: "\(minimum - 1) properties, below minProperties \(minimum)"))
        }
        if let maximum = keywords["maxProperties"]?.intValue, maximum < 10_000 {
            var grown = object
            var serial = 0
            while grown.count <= maximum {
                serial += 1
                if grown["extra\(serial)"] == nil { grown["extra\(serial)"] = .string("x") }
            }
            edits.append(
                Edit(
                    kind: .tooManyProperties, replacement: .object(grown),
                    description: "\(grown.count) properties, above maxProperties \(maximum)"))
        }
        return edits
    }
}
