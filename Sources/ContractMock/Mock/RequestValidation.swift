import ContractKit
import JSONSchema

/// Checks one request against its endpoint: path, query and header parameters, content type and
/// body. The mock answers the first violation with 400, so it passes server fuzzing itself.
struct RequestValidation {
    struct Violation {
        var message: String
        var pointer: String?
        /// Whether the problem is in the body (the faults about bodies only apply to those).
        var concernsBody: Bool
        /// Whether a path parameter is invalid: no item has such a path, so a declared 404 fits.
        var concernsPath = false
    }

    let mock: ContractMock
    let endpoint: Endpoint
    let request: HTTPRequest
    let pathValues: [String: String]

    func violation() -> Violation? {
        for parameter in endpoint.parameters {
            if var problem = check(parameter) {
                problem.concernsPath = parameter.location == .path
                return problem
            }
        }
        return checkBody()
    }

    private func check(_ parameter: Parameter) -> Violation? {
        let reader = ParameterReader(navigator: mock.navigator)
        let read: JSONValue?
        switch parameter.location {
        case .path: read = pathValues[parameter.name].map { reader.pathValue(of: parameter, text: $0) }
        case .query: read = reader.queryValue(of: parameter, in: request.query)
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
        let result = mock.schemas.validate(value, at: schemaPointer)
        if result.errors.isEmpty,
            let problem = IntegerFormats(navigator: mock.navigator).violation(
                value, schema: mock.navigator.schema(at: schemaPointer))
        {
            return Violation(
                message: "\(parameter.location.rawValue) parameter \"\(parameter.name)\": \(problem)",
                concernsBody: false)
        }
        guard let first = result.errors.first else { return nil }
        return Violation(
            message: "\(parameter.location.rawValue) parameter \"\(parameter.name)\": \(first.message)",
            concernsBody: false)
    }

    private func checkBody() -> Violation? {
        guard let spec = endpoint.request else { return nil }
        let sentType = request.headers["Content-Type"]
        if request.body.isEmpty {
            // An empty form (sent as one) is a form without fields, which its schema may allow.
            if FormBody.isForm(spec.contentType), let schemaPointer = spec.schemaPointer,
                sentType.map({ MediaType.essence($0) == MediaType.essence(spec.contentType) })
                    ?? spec.isRequired
            {
                return typed([], contentType: spec.contentType, schemaPointer: schemaPointer)
            }
            return spec.isRequired
                ? Violation(message: "the request needs a \(spec.contentType) body", concernsBody: true) : nil
        }
        if let sentType, MediaType.essence(sentType) == MediaType.essence(spec.contentType) {
            return typed(request.body, contentType: sentType, schemaPointer: spec.schemaPointer)
        }
        // Another type the description declares for this body (an OpenAPI request with JSON, XML
        // and form variants): checked as far as the contract keeps its schema.
        if let sentType,
            case .object(let others)? = spec.pointer.appending("x-otherContentTypes").resolve(
                in: mock.contract.document),
            let other = others.members.first(where: {
                MediaType.essence($0.key) == MediaType.essence(sentType)
            })
        {
            let schemaPointer =
                other.value["schema"] == nil
                ? nil
                : spec.pointer.appending("x-otherContentTypes").appending(other.key).appending("schema")
            return typed(request.body, contentType: sentType, schemaPointer: schemaPointer)
        }
        let sent = sentType.map { "\"\(MediaType.essence($0))\"" } ?? "no Content-Type"
        return Violation(
            message: "expected Content-Type \"\(spec.contentType)\", got \(sent)", concernsBody: true)
    }

    /// A body of a declared type: JSON parsed, a form read as an object, both checked against the
    /// schema; XML checked for well-formedness; other types taken as they come.
    private func typed(_ body: [UInt8], contentType: String, schemaPointer: JSONPointer?) -> Violation? {
        if MediaType.isJSON(contentType) {
            let value: JSONValue
            do {
                value = try JSONParser.parse(body)
            } catch {
                return Violation(message: "the body is not valid JSON: \(error)", concernsBody: true)
            }
            if let violation = schemaPointer.flatMap({ schemaViolation(value, at: $0) }) { return violation }
            return ReferenceIntegrity(mock: mock, endpoint: endpoint, request: request).violation(in: value)
        }
        if FormBody.isForm(contentType) {
            let fields: [(name: String, value: String)]
            if body.isEmpty {
                fields = []
            } else if let read = FormBody.fields(body, contentType: contentType) {
                fields = read
            } else {
                return Violation(
                    message: "the body is not a readable \(MediaType.essence(contentType)) form",
                    concernsBody: true)
            }
            guard let schemaPointer else { return nil }
            let object = FormBody.object(
                fields, schema: mock.navigator.schema(at: schemaPointer), navigator: mock.navigator)
            return schemaViolation(object, at: schemaPointer)
        }
        if XMLWellFormedness.isXML(MediaType.essence(contentType)) {
            if let problem = XMLWellFormedness.problem(in: body) {
                return Violation(message: "the body is not well-formed XML: \(problem)", concernsBody: true)
            }
            guard let schemaPointer,
                let value = XMLBody.value(
                    body, schema: mock.navigator.schema(at: schemaPointer), navigator: mock.navigator)
            else { return nil }
            return schemaViolation(value, at: schemaPointer)
        }
        return nil
    }

    private func schemaViolation(_ body: JSONValue, at schemaPointer: JSONPointer) -> Violation? {
        let result = mock.schemas.validate(body, at: schemaPointer)
        if result.errors.isEmpty,
            let problem = IntegerFormats(navigator: mock.navigator).violation(
                body, schema: mock.navigator.schema(at: schemaPointer))
        {
            return Violation(message: problem, concernsBody: true)
        }
        guard let first = result.errors.first else { return nil }
        return Violation(
            message: first.description, pointer: first.instanceLocation.description, concernsBody: true)
    }
}
