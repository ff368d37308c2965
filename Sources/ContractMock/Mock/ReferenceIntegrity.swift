import ConformHTTP
import ContractKit
import JSONSchema

/// Keeps the references the contract's examples draw: where an example's body takes a value from a
/// capture (`"menuIds": ["{{itemId}}"]`, with `itemId` captured from `/items/0/id` of `GET /menu`),
/// the mock accepts only values the capture's place holds in its own answer (every
/// `/items/*/id` of the menu it serves), as a server refuses an order for a dish it does not have.
struct ReferenceIntegrity {
    let mock: ContractMock
    let endpoint: Endpoint
    let request: HTTPRequest

    /// The first body value that names nothing the mock's own answers hold, as a violation.
    func violation(in body: JSONValue) -> RequestValidator.Violation? {
        for (pattern, variable) in bindings {
            guard let known = values(of: variable) else { continue }
            for match in pattern.matches(in: body)
            where !known.contains(where: { StoredSameValue.same($0, match.value) }) {
                return RequestValidator.Violation(
                    message:
                        "\(match.pointer.displayText) is \(Template.plainText(match.value)), which names nothing the API lists",
                    pointer: match.pointer.description, concernsBody: false)
            }
        }
        return nil
    }

    /// Pointer patterns of the endpoint's example bodies whose value is exactly `{{variable}}`.
    private var bindings: [(PointerPattern, String)] {
        var found: [(PointerPattern, String)] = []
        func walk(_ value: JSONValue, _ tokens: [PointerPattern.Token]) {
            switch value {
            case .string(let text):
                let names = Template.variables(in: text)
                if names.count == 1, let name = names.first,
                    text.trimmingCharacters(in: .whitespaces) == "{{\(name)}}",
                    !name.hasPrefix("env."), !name.hasPrefix("var.")
                {
                    found.append((PointerPattern(tokens: tokens), name))
                }
            case .array(let elements): elements.forEach { walk($0, tokens + [.wildcard]) }
            case .object(let object): object.members.forEach { walk($0.value, tokens + [.name($0.key)]) }
            default: break
            }
        }
        for example in endpoint.examples
        where example.expectedStatus.map({ (200..<300).contains($0) }) ?? true {
            if let body = example.body { walk(body, []) }
        }
        return found
    }

    /// Every value the capture of `variable` stands for in the mock's answer to the example that
    /// captures it; nil when that answer cannot be made here (the example needs variables itself).
    private func values(of variable: String) -> [JSONValue]? {
        for source in mock.contract.endpoints where source.id != endpoint.id && source.method == "GET" {
            for example in source.examples {
                let requestValues =
                    example.pathParameters.map(\.value) + example.query.map(\.value)
                    + example.headers.map(\.value)
                guard let capture = example.captures.first(where: { $0.variable == variable }),
                    requestValues.allSatisfy({ Template.variables(in: $0).isEmpty })
                else { continue }
                var path: [String: String] = [:]
                for parameter in example.pathParameters {
                    path[parameter.name] = Template.plainText(parameter.value)
                }
                let query = example.query.map { (name: $0.name, value: Template.plainText($0.value)) }
                let target = URLEncoding.url(base: "", path: source.path.expand(path), query: query)
                let synthesized = HTTPRequest(method: "GET", url: target, headers: request.headers)
                let answer = mock.respond(to: synthesized)
                guard (200..<300).contains(answer.status), let body = try? JSONParser.parse(answer.body)
                else {
                    return nil
                }
                return CaptureExtractor.family(of: capture, body: body)
            }
        }
        return nil
    }
}
