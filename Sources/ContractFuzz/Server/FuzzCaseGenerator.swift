import ContractKit
import JSONSchema
import SchemaGeneration

/// Builds the requests the server fuzzer sends for one endpoint: valid ones from the request and
/// parameter schemas (with the values the contract's examples take from captures, such as real menu
/// ids), and invalid ones: each location given the wrong type, each required field missing,
/// out-of-range values, malformed JSON, a wrong content type and an oversized body.
struct FuzzCaseGenerator {
    let contract: Contract
    let endpoint: Endpoint
    let variables: [String: JSONValue]
    let generator: InstanceGenerator
    let navigator: SchemaNavigator
    let schemas: ContractSchemas
    /// Bodies above the usual server limits (the mock's is 10 MiB).
    static let oversizedBodyBytes = 11 * 1_048_576

    init(contract: Contract, endpoint: Endpoint, variables: [String: JSONValue], schemas: ContractSchemas) {
        self.contract = contract
        self.endpoint = endpoint
        self.variables = variables
        self.generator = InstanceGenerator(document: contract.document, baseURI: contract.baseURI)
        self.navigator = SchemaNavigator(document: contract.document)
        self.schemas = schemas
    }

    // MARK: - Captured values

    /// Pointer patterns of example bodies whose value is exactly `{{variable}}`, with array indices
    /// widened to `*` so every element of a generated array gets a real value.
    private var bodyBindings: [(pattern: PointerPattern, variable: String)] {
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
    private var successfulExamples: [Example] {
        endpoint.examples.filter { example in example.expectedStatus.map { (200..<400).contains($0) } ?? true
        }
    }

    /// The captured value an example gives a parameter, if any.
    private func boundValue(of parameter: Parameter) -> JSONValue? {
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

    private func bind(_ body: JSONValue) -> JSONValue {
        var result = body
        for binding in bodyBindings {
            guard let value = variables[binding.variable] else { continue }
            for match in binding.pattern.matches(in: result) {
                result = result.replacing(at: match.pointer, with: value)
            }
        }
        return result
    }

    // MARK: - Valid requests

    /// Up to `count` valid requests, boundary values first; deterministic for `random`'s seed.
    func positive(count: Int, random: inout SeededRandom) -> [FuzzRequest] {
        // An endpoint without inputs has only one valid request.
        let count = endpoint.parameters.isEmpty && endpoint.request == nil ? 1 : count
        var bodies: [JSONValue?] = []
        if let schema = requestSchema {
            let boundaries = generator.boundaryInstances(for: schema, limit: max(1, count / 2))
            bodies = boundaries.map { Optional(bind($0)) }
            var attempts = 0
            while bodies.count < count && attempts < count * 4 {
                attempts += 1
                if let value = try? generator.instance(for: schema, using: &random) {
                    bodies.append(bind(value))
                }
            }
            let pointer = endpoint.request?.schemaPointer
            bodies = bodies.filter { body in
                guard let body, let pointer else { return true }
                return schemas.validate(body, at: pointer).isValid
            }
        } else {
            bodies = Array(repeating: nil, count: count)
        }
        var requests: [FuzzRequest] = []
        for body in bodies.prefix(count) {
            guard let parameters = validParameters(random: &random, includeOptional: requests.count % 2 == 1)
            else { continue }
            requests.append(request(.positive, parameters: parameters, body: body.map { .json($0) } ?? .none))
        }
        return requests
    }

    private var requestSchema: JSONValue? {
        guard let request = endpoint.request, MediaType.isJSON(request.contentType),
            let pointer = request.schemaPointer
        else { return nil }
        return pointer.resolve(in: contract.document)
    }

    /// Values for every required parameter (and, when asked, the optional ones), as text.
    private func validParameters(random: inout SeededRandom, includeOptional: Bool) -> ParameterSet? {
        var set = ParameterSet()
        for parameter in endpoint.parameters where parameter.isRequired || includeOptional {
            let value: JSONValue
            if let bound = boundValue(of: parameter) {
                value = bound
            } else if let pointer = parameter.schemaPointer,
                let schema = pointer.resolve(in: contract.document),
                let generated = try? generator.instance(for: schema, using: &random)
            {
                value = generated
            } else if parameter.schemaPointer == nil {
                value = "value"
            } else {
                return nil
            }
            set.set(parameter, Self.text(value))
        }
        return set
    }

    /// A parameter value as it travels in a URL or header: strings raw, arrays comma-separated.
    static func text(_ value: JSONValue) -> String {
        if case .array(let elements) = value { return elements.map(text).joined(separator: ",") }
        return Template.plainText(value)
    }

    // MARK: - Invalid requests

    /// Invalid requests built from `valid` (a positive request): each schema violation of the body,
    /// malformed bodies, a wrong content type, an oversized body, and each parameter made invalid.
    func negative(from valid: FuzzRequest, limit: Int) -> [FuzzRequest] {
        // Kinds of invalid input, taken in turn so that a small limit still covers each kind.
        var groups: [[FuzzRequest]] = []
        let base = ParameterSet(valid)
        if let body = valid.jsonBody, let schema = requestSchema,
            let pointer = endpoint.request?.schemaPointer
        {
            let mutator = Mutator(document: contract.document, baseURI: contract.baseURI)
            groups.append(
                mutator.mutations(of: body, schema: schema).filter {
                    !schemas.validate($0.value, at: pointer).isValid
                }.map {
                    mutation in
                    request(
                        .negative(
                            "\(mutation.kind.rawValue) at \(mutation.pointer.displayText): \(mutation.description)"
                        ),
                        parameters: base, body: .json(mutation.value))
                })
            groups.append(
                MalformedBody.allCases.filter(\.isSyntacticallyInvalid).map { malformed in
                    request(
                        .negative("malformed JSON: \(malformed.rawValue)"), parameters: base,
                        body: .raw(malformed.bytes(from: body), contentType: nil))
                })
            var wrongType = request(
                .negative("wrong content type text/plain"), parameters: base, body: .json(body))
            wrongType.contentType = "text/plain"
            let padding = String(repeating: "x", count: Self.oversizedBodyBytes)
            let oversized = request(
                .negative("oversized body (\(Self.oversizedBodyBytes / 1_048_576) MiB)"), parameters: base,
                body: .raw(Array("{\"padding\":\"\(padding)\"}".utf8), contentType: nil))
            groups.append([wrongType, oversized])
        } else if let spec = endpoint.request, spec.isRequired {
            groups.append([request(.negative("missing required body"), parameters: base, body: .none)])
        }
        var parameterRequests: [FuzzRequest] = []
        for parameter in endpoint.parameters {
            if parameter.isRequired && parameter.location != .path {
                var missing = base
                missing.remove(parameter)
                let intent: FuzzRequest.Intent =
                    parameter.location == .header
                    ? .missingHeader(parameter.name)
                    : .negative("required \(parameter.location.rawValue) parameter \(parameter.name) missing")
                parameterRequests.append(request(intent, parameters: missing, body: valid.body))
            }
            for (description, text) in invalidValues(for: parameter) {
                var changed = base
                changed.set(parameter, text)
                parameterRequests.append(
                    request(
                        .negative(
                            "\(parameter.location.rawValue) parameter \(parameter.name) \(description)"),
                        parameters: changed, body: valid.body))
            }
        }
        groups.append(parameterRequests)
        var requests: [FuzzRequest] = []
        var round = 0
        while requests.count < limit && groups.contains(where: { round < $0.count }) {
            for group in groups where round < group.count && requests.count < limit {
                requests.append(group[round])
            }
            round += 1
        }
        return requests
    }

    /// Text values a parameter's schema rejects, each with how it breaks the schema.
    private func invalidValues(for parameter: Parameter) -> [(String, String)] {
        guard let pointer = parameter.schemaPointer, let schema = navigator.schema(at: pointer) else {
            return []
        }
        let candidates: [(String, String)] = [
            ("of the wrong type", "not-a-number"), ("empty", ""), ("not matching its pattern", "!!invalid!!"),
            ("too long", String(repeating: "x", count: 4096)), ("negative", "-1"),
            ("huge", "99999999999999999999"),
            ("a fraction", "1.5"),
        ]
        var seen = Set<String>()
        return candidates.filter { _, text in
            let value = navigator.coerce(text, to: schema)
            return !schemas.validate(value, at: pointer).isValid && seen.insert(text).inserted
        }.prefix(4).map { $0 }
    }

    /// Requests with each method the contract does not declare for this path.
    func unsupportedMethods(from valid: FuzzRequest) -> [FuzzRequest] {
        let declared = Set(
            contract.endpoints.filter { $0.path.template == endpoint.path.template }.map(\.method))
        return ["GET", "POST", "PUT", "PATCH", "DELETE"].filter { !declared.contains($0) }.map { method in
            var request = request(.unsupportedMethod, parameters: ParameterSet(valid), body: .none)
            request.method = method
            return request
        }
    }

    private func request(_ intent: FuzzRequest.Intent, parameters: ParameterSet, body: FuzzRequest.Body)
        -> FuzzRequest
    {
        FuzzRequest(
            endpoint: endpoint, method: endpoint.method, intent: intent, pathValues: parameters.path,
            query: parameters.query,
            headers: parameters.headers, body: body, contentType: nil)
    }
}

/// Parameter values by location, in a stable order.
struct ParameterSet {
    var path: [String: String] = [:]
    var query: [(name: String, value: String)] = []
    var headers: [(name: String, value: String)] = []

    init() {}

    init(_ request: FuzzRequest) {
        path = request.pathValues
        query = request.query
        headers = request.headers
    }

    mutating func set(_ parameter: Parameter, _ text: String) {
        remove(parameter)
        switch parameter.location {
        case .path: path[parameter.name] = text
        case .query: query.append((parameter.name, text))
        case .header: headers.append((parameter.name, text))
        }
    }

    mutating func remove(_ parameter: Parameter) {
        switch parameter.location {
        case .path: path[parameter.name] = nil
        case .query: query.removeAll { $0.name == parameter.name }
        case .header: headers.removeAll { $0.name.lowercased() == parameter.name.lowercased() }
        }
    }
}
