public import ConformHTTP
package import JSONSchema

/// Checks one request against its endpoint: path, query and header parameters, content type and
/// body. The mock answers the first violation with its declared rejection (so it passes server
/// fuzzing itself); ``RequestChecker`` turns every violation into a finding about the client.
package struct RequestValidator: Sendable {
    /// One way the request breaks its endpoint.
    package struct Violation: Sendable, Hashable {
        /// What part of the request is wrong, so a finding names the right check.
        package enum Part: Sendable, Hashable {
            case parameter(Parameter.Location)
            /// The body's content type, or a required body left out.
            case contentType
            /// The body's content: not readable, or against its schema.
            case body
        }

        package var message: String
        package var pointer: String?
        /// Whether the problem is in the body (the faults about bodies only apply to those).
        package var concernsBody: Bool
        /// Whether a path parameter is invalid: no item has such a path, so a declared 404 fits.
        package var concernsPath = false
        package var part: Part = .body
        package var expected: String?
        package var actual: String?

        package init(
            message: String, pointer: String? = nil, concernsBody: Bool, part: Part = .body,
            expected: String? = nil, actual: String? = nil
        ) {
            self.message = message
            self.pointer = pointer
            self.concernsBody = concernsBody
            self.part = part
            self.expected = expected
            self.actual = actual
        }
    }

    /// How many violations to look for.
    package enum Extent: Sendable {
        /// The first only (the mock answers one rejection).
        case first
        /// Each parameter's, and up to 20 grouped schema errors of the body (a finding each).
        case all
    }

    package let contract: Contract
    package let schemas: ContractSchemas
    package let navigator: SchemaNavigator

    package init(contract: Contract, schemas: ContractSchemas, navigator: SchemaNavigator) {
        self.contract = contract
        self.schemas = schemas
        self.navigator = navigator
    }

    /// The violations of `request` against `endpoint`, parameters first, then the body.
    ///
    /// - Parameter bodyRule: A further rule for a JSON body valid by its schema (the mock's
    ///   reference integrity), run only when nothing else was found in it.
    package func violations(
        of request: HTTPRequest, endpoint: Endpoint, pathValues: [String: String], extent: Extent = .first,
        bodyRule: ((JSONValue) -> Violation?)? = nil
    ) -> [Violation] {
        var found: [Violation] = []
        for parameter in endpoint.parameters {
            guard var problem = check(parameter, of: request, endpoint: endpoint, pathValues: pathValues)
            else { continue }
            problem.concernsPath = parameter.location == .path
            problem.part = .parameter(parameter.location)
            found.append(problem)
            if extent == .first { return found }
        }
        let reading = BodyReading(validator: self, extent: extent, bodyRule: bodyRule)
        return found + reading.violations(of: request, endpoint: endpoint)
    }

    /// The first violation, or nil when the request is valid.
    package func violation(
        of request: HTTPRequest, endpoint: Endpoint, pathValues: [String: String],
        bodyRule: ((JSONValue) -> Violation?)? = nil
    ) -> Violation? {
        violations(of: request, endpoint: endpoint, pathValues: pathValues, bodyRule: bodyRule).first
    }

    private func check(
        _ parameter: Parameter, of request: HTTPRequest, endpoint: Endpoint, pathValues: [String: String]
    ) -> Violation? {
        let reader = ParameterReader(navigator: navigator)
        let read: JSONValue?
        switch parameter.location {
        case .path: read = pathValues[parameter.name].map { reader.pathValue(of: parameter, text: $0) }
        case .query:
            // Built only for a free-form object, which needs to know the other parameters' names.
            read = reader.queryValue(
                of: parameter, in: request.query,
                others: Set(endpoint.parameters(in: .query).map(\.name)).subtracting([parameter.name]))
        case .header:
            read = request.headers[parameter.name].map { reader.headerValue(of: parameter, text: $0) }
        }
        guard let value = read else {
            guard parameter.isRequired else { return nil }
            return Violation(
                message: "missing required \(parameter.location.rawValue) parameter \"\(parameter.name)\"",
                concernsBody: false)
        }
        guard let schemaPointer = parameter.schemaPointer else { return nil }
        let result = schemas.validate(value, at: schemaPointer)
        if result.errors.isEmpty,
            let problem = IntegerFormats(navigator: navigator).violation(
                value, schema: navigator.schema(at: schemaPointer))
        {
            return Violation(
                message: "\(parameter.location.rawValue) parameter \"\(parameter.name)\": \(problem)",
                concernsBody: false)
        }
        guard let first = result.errors.first else { return nil }
        return Violation(
            message: "\(parameter.location.rawValue) parameter \"\(parameter.name)\": \(first.message)",
            concernsBody: false, expected: "valid by \(schemaPointer.description)",
            actual: BodyPreview.json(value, limit: 120))
    }
}
