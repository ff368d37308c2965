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

    /// The captured value an example gives a parameter, if any: for the `index`-th request, the
    /// `index`-th value of the capture's family, so every captured value is used.
    func boundValue(of parameter: Parameter, index: Int = 0) -> JSONValue? {
        for example in successfulExamples {
            let entries: [(name: String, value: JSONValue)]
            switch parameter.location {
            case .path: entries = example.pathParameters
            case .query: entries = example.query
            case .header: entries = example.headers
            }
            guard let entry = entries.first(where: { $0.name == parameter.name }),
                !Template.variables(in: entry.value).isEmpty,
                let value = try? Template.substitute(entry.value, familyScope(index: index))
            else { continue }
            return value
        }
        return nil
    }

    /// `body` with every place an example fills from a capture given a captured value: for the
    /// `index`-th body, values of the capture's family in turn (each place its own), so bodies
    /// name every captured item, not only the first.
    func bind(_ body: JSONValue, index: Int = 0) -> JSONValue {
        var result = body
        var offset = index
        for binding in bodyBindings {
            for match in binding.pattern.matches(in: result) {
                guard let value = familyValue(binding.variable, index: offset) else { continue }
                result = result.replacing(at: match.pointer, with: value)
                offset += 1
            }
        }
        return result
    }

    /// The `index`-th value of a variable's family (in turn), else its captured value.
    func familyValue(_ variable: String, index: Int) -> JSONValue? {
        if let family = live.families[variable], !family.isEmpty { return family[index % family.count] }
        return variables[variable]
    }

    /// The variables with each family's `index`-th value in place of the first.
    func familyScope(index: Int) -> [String: JSONValue] {
        var scope = variables
        for (name, family) in live.families where !family.isEmpty {
            scope[name] = family[index % family.count]
        }
        return scope
    }
}
