import ConformHTTP
import ContractKit
import JSONSchema

/// Finds the contract example a request replays, so the mock answers what the example expects
/// ("unknown id → 404"). Values with `{{variables}}` match any scalar (they are captures the mock
/// cannot know); literal values must be equal, and count towards how specific a match is.
struct ExampleMatcher {
    struct Match {
        var example: Example
        var status: Int
        /// How many literal values matched: 0 for an example made only of variables.
        var literals: Int
    }

    let endpoint: Endpoint
    let request: HTTPRequest
    let pathValues: [String: String]

    func bestMatch() -> Match? {
        var best: Match?
        for example in endpoint.examples {
            guard let status = example.expectedStatus, let literals = score(example) else { continue }
            if best == nil || literals > (best?.literals ?? 0) {
                best = Match(example: example, status: status, literals: literals)
            }
        }
        return best
    }

    private func score(_ example: Example) -> Int? {
        var literals = 0
        for parameter in example.pathParameters {
            guard let actual = pathValues[parameter.name], let hit = matchText(parameter.value, actual) else {
                return nil
            }
            literals += hit
        }
        for item in example.query {
            guard let actual = request.query.last(where: { $0.name == item.name })?.value,
                let hit = matchText(item.value, actual)
            else { return nil }
            literals += hit
        }
        if let body = example.body {
            guard !request.body.isEmpty, let sent = try? JSONParser.parse(request.body),
                let hit = matchValue(body, sent)
            else { return nil }
            literals += hit
        }
        return literals
    }

    /// 0 for a variable, 1 for an equal literal, nil for a different literal.
    private func matchText(_ expected: JSONValue, _ actual: String) -> Int? {
        if !Template.variables(in: expected).isEmpty { return 0 }
        return Template.plainText(Template.literal(expected)) == actual ? 1 : nil
    }

    private func matchValue(_ expected: JSONValue, _ actual: JSONValue) -> Int? {
        switch (expected, actual) {
        case (.string(let text), _) where !Template.variables(in: text).isEmpty:
            switch actual {
            case .object, .array: return nil
            default: return 0
            }
        case (.object(let wanted), .object(let sent)):
            guard Set(wanted.keys) == Set(sent.keys) else { return nil }
            var total = 0
            for (key, value) in wanted {
                guard let other = sent[key], let hit = matchValue(value, other) else { return nil }
                total += hit
            }
            return total
        case (.array(let wanted), .array(let sent)):
            guard wanted.count == sent.count else { return nil }
            var total = 0
            for (value, other) in zip(wanted, sent) {
                guard let hit = matchValue(value, other) else { return nil }
                total += hit
            }
            return total
        default:
            return Template.literal(expected) == actual ? 1 : nil
        }
    }
}
