import Foundation
import JSONSchema

extension Check {
    /// The example's assertions on the body: the category filter really filters, ids are unique, every
    /// category is one `/categories` lists.
    ///
    /// A query parameter that declares `filters` is checked on every request that sends it (run,
    /// fuzz, traffic): `?category=Entrees` must only return items whose category is `Entrees`.
    public static let assertions = Check(name: .assertions) { context in
        guard (200..<300).contains(context.response.status) else { return [] }
        // The filters the request really used, whoever built it: an example, fuzz, the app.
        let sent = context.request.query
        let filtered = context.endpoint.parameters(in: .query).filter { parameter in
            parameter.filters != nil && sent.contains { $0.name == parameter.name }
        }
        let assertions = context.example?.assertions ?? []
        // Without anything to assert, the body's tree is never built.
        guard !filtered.isEmpty || !assertions.isEmpty, case .success(let body)? = context.jsonBody else {
            return []
        }
        var findings: [Finding] = []
        for parameter in filtered {
            guard let pattern = parameter.filters,
                let text = sent.last(where: { $0.name == parameter.name })?.value
            else { continue }
            let strays = pattern.matches(in: body).filter { Template.plainText($0.value) != text }
            guard let first = strays.first else { continue }
            findings.append(
                Finding(
                    check: .assertions,
                    message:
                        "the \(parameter.name) filter is ignored: ?\(parameter.name)=\(text) returned \(strays.count) item\(strays.count == 1 ? "" : "s") whose \(pattern) is not \"\(text)\" (first: \(first.pointer.displayText) is \(BodyPreview.json(first.value, limit: 40)))",
                    pointer: first.pointer.description, expected: "every \(pattern) equal to \"\(text)\"",
                    actual: BodyPreview.json(first.value, limit: 80)))
        }
        findings += assertions.flatMap {
            AssertionEvaluator(assertion: $0, variables: context.variables).findings(in: body)
        }
        return findings
    }
}

/// Evaluates one assertion against a body.
struct AssertionEvaluator {
    let assertion: Assertion
    let variables: [String: JSONValue]

    func findings(in body: JSONValue) -> [Finding] {
        let matches = assertion.path.matches(in: body)
        let path = assertion.path.description
        switch assertion.operation {
        case .exists(let shouldExist):
            if shouldExist && matches.isEmpty {
                return [
                    finding(
                        "nothing at \(path)", pointer: path, expected: "a value at \(path)", actual: "nothing"
                    )
                ]
            }
            if !shouldExist, let first = matches.first {
                return [
                    finding(
                        "\(first.pointer.displayText) exists but must not",
                        pointer: first.pointer.description, expected: "nothing",
                        actual: BodyPreview.json(first.value, limit: 80))
                ]
            }
            return []
        case .notEmpty:
            guard !matches.isEmpty else {
                return [
                    finding(
                        "nothing at \(path) (expected a non-empty value)", pointer: path,
                        expected: "not empty", actual: "nothing")
                ]
            }
            return matches.compactMap { match in
                let isEmpty: Bool
                switch match.value {
                case .array(let elements): isEmpty = elements.isEmpty
                case .object(let object): isEmpty = object.isEmpty
                case .string(let text): isEmpty = text.isEmpty
                case .null: isEmpty = true
                default: isEmpty = false
                }
                guard isEmpty else { return nil }
                return finding(
                    "\(match.pointer.displayText) is empty", pointer: match.pointer.description,
                    expected: "not empty", actual: BodyPreview.json(match.value, limit: 80))
            }
        case .unique:
            var seen: [JSONValue: JSONPointer] = [:]
            var findings: [Finding] = []
            for match in matches {
                if let first = seen[match.value] {
                    findings.append(
                        finding(
                            "\(match.pointer.displayText) repeats the value of \(first.displayText)",
                            pointer: match.pointer.description, expected: "unique values at \(path)",
                            actual: BodyPreview.json(match.value, limit: 80)))
                } else {
                    seen[match.value] = match.pointer
                }
            }
            return findings
        case .equals(let template):
            guard let expected = substituted(template) else { return [missingVariable(template)] }
            if matches.isEmpty && !assertion.path.hasWildcard {
                return [
                    finding(
                        "nothing at \(path)", pointer: path, expected: BodyPreview.json(expected, limit: 80),
                        actual: "nothing")
                ]
            }
            return matches.filter { $0.value != expected }.prefix(10).map { match in
                finding(
                    "\(match.pointer.displayText) is \(BodyPreview.json(match.value, limit: 60)), expected \(BodyPreview.json(expected, limit: 60))",
                    pointer: match.pointer.description, expected: BodyPreview.json(expected, limit: 80),
                    actual: BodyPreview.json(match.value, limit: 80))
            }
        case .oneOf(let template):
            guard let allowed = substituted(template) else { return [missingVariable(template)] }
            let options = allowed.arrayValue ?? [allowed]
            let shown = BodyPreview.json(.array(options), limit: 80)
            return matches.filter { !options.contains($0.value) }.prefix(10).map { match in
                finding(
                    "\(match.pointer.displayText) is \(BodyPreview.json(match.value, limit: 60)), which is not one of \(shown)",
                    pointer: match.pointer.description, expected: "one of \(shown)",
                    actual: BodyPreview.json(match.value, limit: 80))
            }
        case .matches(let pattern):
            guard let text = try? Template.substitute(pattern, variables),
                let regex = try? NSRegularExpression(pattern: text)
            else {
                return [
                    finding(
                        "the pattern \(pattern) is not a valid regular expression", pointer: path,
                        expected: pattern, actual: nil)
                ]
            }
            return matches.compactMap { match in
                let value = match.value.stringValue ?? match.value.compactText
                let range = NSRange(value.startIndex..., in: value)
                guard regex.firstMatch(in: value, range: range) == nil else { return nil }
                return finding(
                    "\(match.pointer.displayText) does not match \(text)", pointer: match.pointer.description,
                    expected: "matches \(text)", actual: BodyPreview.json(match.value, limit: 80))
            }
        }
    }

    private func substituted(_ template: JSONValue) -> JSONValue? {
        try? Template.substitute(template, variables)
    }

    private func missingVariable(_ template: JSONValue) -> Finding {
        let names = Template.variables(in: template).sorted().map { "{{\($0)}}" }.joined(separator: ", ")
        return finding(
            "the assertion uses \(names), which no earlier case captured", pointer: nil, expected: names,
            actual: "no value")
    }

    private func finding(_ message: String, pointer: String?, expected: String?, actual: String?) -> Finding {
        Finding(
            check: .assertions, message: "\(assertion.operatorName) \(assertion.path): \(message)",
            pointer: pointer, expected: expected, actual: actual)
    }
}
