import ContractKit
import Foundation
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

    init(
        contract: Contract, endpoint: Endpoint, variables: [String: JSONValue], schemas: ContractSchemas,
        generator: InstanceGenerator
    ) {
        self.contract = contract
        self.endpoint = endpoint
        self.variables = variables
        self.generator = generator
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
            if let bound = boundValue(of: parameter) {
                set.set(parameter, Self.text(bound))
                continue
            }
            guard let pointer = parameter.schemaPointer else {
                set.set(parameter, "value")
                continue
            }
            guard let schema = pointer.resolve(in: contract.document) else { return nil }
            var text: String?
            for _ in 0..<Self.parameterAttempts {
                guard let generated = try? generator.instance(for: schema, using: &random) else { break }
                if Self.survivesTransport(generated, in: parameter.location) {
                    text = Self.text(generated)
                    break
                }
            }
            if let text {
                set.set(parameter, text)
            } else if parameter.isRequired {
                return nil
            }
        }
        return set
    }

    /// Tries per parameter to find a value the request can carry faithfully.
    private static let parameterAttempts = 8

    /// Whether a valid value reaches the server as the same value. Some cannot: an empty path
    /// segment (`/users/`) or a dot segment (`/users/..`) routes elsewhere, an empty array sends
    /// `?type=` (read back as `[""]`), and an element holding a comma splits in two. Sending them
    /// as valid data would blame a correct server.
    static func survivesTransport(_ value: JSONValue, in location: Parameter.Location) -> Bool {
        switch value {
        case .array(let elements):
            return !elements.isEmpty
                && elements.allSatisfy { !text($0).contains(",") && survivesTransport($0, in: location) }
        case .object:
            return false
        default:
            let text = text(value)
            if location == .path { return !text.isEmpty && text != "." && text != ".." }
            if location == .header {
                return text == text.trimmingCharacters(in: .whitespaces) && !text.isEmpty
                    && text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
            }
            return true
        }
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
            let mutator = Mutator(generator: generator)
            groups.append(
                mutator.mutations(of: body, schema: schema).filter {
                    !schemas.validate($0.value, at: pointer).isValid
                }.map {
                    mutation in
                    request(
                        .negative(
                            "body\(mutation.summary) (\(mutation.kind.label))"
                        ),
                        parameters: base, body: .json(mutation.value))
                })
            groups.append(
                MalformedBody.allCases.filter { isInvalid($0) }.map { malformed in
                    request(
                        .negative("malformed JSON: \(malformed.summary)"), parameters: base,
                        body: .raw(malformed.bytes(from: body), contentType: nil))
                })
            // RFC 8259 §8.1 lets a parser ignore a leading byte-order mark: accepting one is
            // information, not a fault.
            groups.append([
                request(
                    .tolerated("a UTF-8 byte-order mark before the JSON"), parameters: base,
                    body: .raw(MalformedBody.byteOrderMark.bytes(from: body), contentType: nil))
            ])
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

    /// Whether a malformed body is invalid for this endpoint: an empty body is valid where the
    /// request body is optional, and a byte-order mark is sent apart as a tolerated probe.
    private func isInvalid(_ malformed: MalformedBody) -> Bool {
        guard malformed.isSyntacticallyInvalid, malformed != .byteOrderMark else { return false }
        if malformed == .empty { return endpoint.request?.isRequired ?? false }
        return true
    }

    /// Text values a parameter's schema rejects, each with how it breaks the schema: values just
    /// outside its range and enum first, then generic wrong values.
    private func invalidValues(for parameter: Parameter) -> [(String, String)] {
        guard let pointer = parameter.schemaPointer, let schema = navigator.schema(at: pointer) else {
            return []
        }
        var candidates = Self.edgeCandidates(of: schema)
        candidates += [
            ("of the wrong type", "not-a-number"), ("not matching its pattern", "!!invalid!!"),
            ("too long", String(repeating: "x", count: 4096)), ("negative", "-1"),
            ("huge", "99999999999999999999"),
            ("a fraction", "1.5"),
        ]
        // An empty path segment is a different route (`/users/`), not an invalid value, and an
        // empty array parameter (`?type=`) reads as `[]` or `[""]` depending on the server.
        if parameter.location != .path && !navigator.types(of: schema).contains("array") {
            candidates.insert(("empty", ""), at: 0)
        }
        var seen = Set<String>()
        return candidates.filter { _, text in
            let value = navigator.coerce(text, to: schema)
            return !schemas.validate(value, at: pointer).isValid && seen.insert(text).inserted
        }.prefix(5).map { $0 }
    }

    /// Values one step past the schema's declared bounds and outside its enum.
    static func edgeCandidates(of schema: JSONValue) -> [(String, String)] {
        guard let object = schema.objectValue else { return [] }
        var candidates: [(String, String)] = []
        func integer(_ key: String) -> Int64? {
            guard let number = object[key]?.numberValue, number.isInteger else { return nil }
            return Int64(number.description)
        }
        if let maximum = integer("maximum"), maximum < Int64.max {
            candidates.append(("above its maximum \(maximum)", String(maximum + 1)))
        }
        if let maximum = integer("exclusiveMaximum") {
            candidates.append(("at its exclusive maximum \(maximum)", String(maximum)))
        }
        if let minimum = integer("minimum"), minimum > Int64.min {
            candidates.append(("below its minimum \(minimum)", String(minimum - 1)))
        }
        if let minimum = integer("exclusiveMinimum") {
            candidates.append(("at its exclusive minimum \(minimum)", String(minimum)))
        }
        if let values = object["enum"]?.arrayValue, let first = values.first {
            candidates.append(("outside its enum", Template.plainText(first) + "-not-in-enum"))
        }
        return candidates
    }

    /// Requests with each method that no endpoint declares for this concrete path. A method another
    /// template declares for the same URL (`DELETE /user/login` through `/user/{username}`) is not
    /// sent: servers route such overlaps in different ways, and both are correct.
    func unsupportedMethods(from valid: FuzzRequest) -> [FuzzRequest] {
        let concretePath =
            endpoint.path.expand(valid.pathValues).removingPercentEncoding
            ?? endpoint.path.expand(valid.pathValues)
        let declared = Set(
            contract.endpoints.filter {
                $0.path.template == endpoint.path.template || $0.path.match(concretePath) != nil
            }.map(\.method))
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
