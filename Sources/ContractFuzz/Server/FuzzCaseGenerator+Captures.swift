import ContractKit
import JSONSchema

/// Real values for the fuzzer: where the contract's examples take a value from a capture (menu ids
/// from `GET /menu`), generated requests use the captured value, so they reach real items.
extension FuzzCaseGenerator {
    /// Pointer patterns of example bodies whose value is exactly `{{variable}}`, with array indices
    /// widened to `*` so every element of a generated array gets a real value.
    var bodyBindings: [(pattern: PointerPattern, variable: String)] {
        var bindings: [(PointerPattern, String)] = []
        func walk(_ value: JSONValue, _ tokens: [PointerPattern.Token]) {
            switch value {
            case .string(let text):
                let names = Template.variables(in: text)
                if names.count == 1, let name = names.first,
                    text.trimmingCharacters(in: .whitespaces) == "{{\(name)}}"
                {
                    bindings.append((PointerPattern(tokens: tokens), name))
                }
            case .array(let elements):
                for element in elements { walk(element, tokens + [.wildcard]) }
            case .object(let object):
                for member in object.members { walk(member.value, tokens + [.name(member.key)]) }
            default:
                break
            }
        }
        for example in successfulExamples {
            if let body = example.body { walk(body, []) }
        }
        return bindings
    }

    /// Examples that expect success: only they show what a valid request looks like (an example
    /// expecting 400 deliberately breaks the body).
    var successfulExamples: [Example] {
        endpoint.examples.filter { example in
            example.expectedStatus.map { (200..<400).contains($0) } ?? true
        }
    }

    /// The captured value an example gives a parameter, if any.
    func boundValue(of parameter: Parameter) -> JSONValue? {
        for example in successfulExamples {
            let entries: [(name: String, value: JSONValue)]
            switch parameter.location {
            case .path: entries = example.pathParameters
            case .query: entries = example.query
            case .header: entries = example.headers
            }
            guard let entry = entries.first(where: { $0.name == parameter.name }),
                !Template.variables(in: entry.value).isEmpty,
                let value = try? Template.substitute(entry.value, variables)
            else { continue }
            return value
        }
        return nil
    }

    /// `body` with every place an example fills from a capture given the captured value.
    func bind(_ body: JSONValue) -> JSONValue {
        var result = body
        for binding in bodyBindings {
            guard let value = variables[binding.variable] else { continue }
            for match in binding.pattern.matches(in: result) {
                result = result.replacing(at: match.pointer, with: value)
            }
        }
        return result
    }
}
