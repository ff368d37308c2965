import ConformHTTP
import JSONSchema

extension RequestValidator {
    /// Checks a request body: its presence, its content type among those the endpoint declares,
    /// then its content read by that type (JSON parsed, a form read as an object, XML checked for
    /// well-formedness and read where a schema is known) against the type's schema.
    struct BodyReading {
        typealias Violation = RequestValidator.Violation

        let validator: RequestValidator
        let extent: Extent
        let bodyRule: ((JSONValue) -> Violation?)?

        private var navigator: SchemaNavigator { validator.navigator }

        func violations(of request: HTTPRequest, endpoint: Endpoint) -> [Violation] {
            guard let spec = endpoint.request else { return [] }
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
                    ? [Violation(message: "the request needs a \(spec.contentType) body", concernsBody: true)]
                    : []
            }
            if let sentType, MediaType.essence(sentType) == MediaType.essence(spec.contentType) {
                return typed(request.body, contentType: sentType, schemaPointer: spec.schemaPointer)
            }
            // Another type the description declares for this body (an OpenAPI request with JSON,
            // XML and form variants): checked as far as the contract keeps its schema.
            let othersPointer = spec.pointer.appending("x-otherContentTypes")
            if let sentType,
                case .object(let others)? = othersPointer.resolve(in: validator.contract.document),
                let other = others.members.first(where: {
                    MediaType.essence($0.key) == MediaType.essence(sentType)
                })
            {
                let schemaPointer =
                    other.value["schema"] == nil
                    ? nil : othersPointer.appending(other.key).appending("schema")
                return typed(request.body, contentType: sentType, schemaPointer: schemaPointer)
            }
            let sent = sentType.map { "\"\(MediaType.essence($0))\"" } ?? "no Content-Type"
            return [
                Violation(
                    message: "expected Content-Type \"\(spec.contentType)\", got \(sent)", concernsBody: true,
                    part: .contentType, expected: spec.contentType, actual: sentType ?? "no Content-Type")
            ]
        }

        /// A body of a declared type: JSON parsed, a form read as an object, both checked against
        /// the schema; XML checked for well-formedness; other types taken as they come.
        private func typed(_ body: [UInt8], contentType: String, schemaPointer: JSONPointer?) -> [Violation] {
            if MediaType.isJSON(contentType) {
                let value: JSONValue
                do {
                    value = try JSONParser.parse(body)
                } catch {
                    return [Violation(message: "the body is not valid JSON: \(error)", concernsBody: true)]
                }
                if let schemaPointer {
                    let found = schemaViolations(value, at: schemaPointer)
                    if !found.isEmpty { return found }
                }
                return bodyRule?(value).map { [$0] } ?? []
            }
            if FormBody.isForm(contentType) {
                let fields: [(name: String, value: String)]
                if body.isEmpty {
                    fields = []
                } else if let read = FormBody.fields(body, contentType: contentType) {
                    fields = read
                } else {
                    let form = MediaType.essence(contentType)
                    return [Violation(message: "the body is not a readable \(form) form", concernsBody: true)]
                }
                guard let schemaPointer else { return [] }
                let object = FormBody.object(
                    fields, schema: navigator.schema(at: schemaPointer), navigator: navigator)
                return schemaViolations(object, at: schemaPointer)
            }
            if XMLWellFormedness.isXML(MediaType.essence(contentType)) {
                if let problem = XMLWellFormedness.problem(in: body) {
                    return [
                        Violation(message: "the body is not well-formed XML: \(problem)", concernsBody: true)
                    ]
                }
                guard let schemaPointer,
                    let value = XMLBody.value(
                        body, schema: navigator.schema(at: schemaPointer), navigator: navigator)
                else { return [] }
                return schemaViolations(value, at: schemaPointer)
            }
            return []
        }

        private func schemaViolations(_ body: JSONValue, at schemaPointer: JSONPointer) -> [Violation] {
            let result = validator.schemas.validate(body, at: schemaPointer)
            if result.errors.isEmpty {
                guard
                    let problem = IntegerFormats(navigator: navigator).violation(
                        body, schema: navigator.schema(at: schemaPointer))
                else { return [] }
                return [Violation(message: problem, concernsBody: true)]
            }
            guard extent == .all else {
                guard let first = result.errors.first else { return [] }
                return [
                    Violation(
                        message: first.description, pointer: first.instanceLocation.description,
                        concernsBody: true)
                ]
            }
            return SchemaErrorGroups(result.errors, in: body).groups.prefix(20).map { group in
                let error = group.first
                let actual = error.instanceLocation.resolve(in: body).map { BodyPreview.json($0, limit: 120) }
                let expected = "valid by \(schemaPointer.description)\(error.keywordLocation.description)"
                guard group.count > 1 else {
                    return Violation(
                        message: error.description, pointer: error.instanceLocation.description,
                        concernsBody: true, expected: expected, actual: actual)
                }
                let items = group.elements == 1 ? "item" : "items"
                return Violation(
                    message:
                        "\(group.pattern): \(error.message) — \(group.count) of \(group.elements) \(items)",
                    pointer: group.pattern, concernsBody: true, expected: expected, actual: actual)
            }
        }
    }
}
