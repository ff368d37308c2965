import Foundation
public import JSONSchema

extension Check {
    /// `Content-Type` is present, well-formed and declared for the status; a binary body really is
    /// what its type says. A status the operation does not declare is held to the types the
    /// operation declares for any of its answers (an HTML 404 page where only JSON is declared is
    /// a finding whether or not 404 is declared); a 5xx it does not declare is the server error
    /// `not_a_server_error` reports, one cause.
    public static let contentTypeConformance = Check(name: .contentTypeConformance) { context in
        if context.hasNoContent { return [] }
        let spec = context.responseSpec
        let types: [String]
        let place: String
        if let spec {
            types = spec.contentTypes
            place = "status \(context.response.status)"
        } else {
            let status = context.response.status
            guard status < 500, !Self.protocolStatuses.contains(status), !context.response.body.isEmpty else {
                return []
            }
            types = context.endpoint.declaredContentTypes
            place = "any answer of \(context.endpoint.displayName)"
        }
        guard !types.isEmpty else { return [] }
        let declared = types.joined(separator: " or ")
        guard let received = context.response.header("Content-Type") else {
            // RFC 9110 §8.3: only a message with content needs to say what its content is.
            if context.response.body.isEmpty { return [] }
            return [
                Finding(
                    check: .contentTypeConformance, message: "the response has no Content-Type header",
                    expected: declared, actual: "no Content-Type")
            ]
        }
        guard MediaType.isWellFormed(received) else {
            return [
                Finding(
                    check: .contentTypeConformance,
                    message: "Content-Type \"\(received)\" is not a media type",
                    expected: declared, actual: received)
            ]
        }
        let essence = MediaType.essence(received)
        guard types.contains(where: { MediaType.essence($0) == essence }) else {
            return [
                Finding(
                    check: .contentTypeConformance,
                    message: "Content-Type \"\(essence)\" is not declared for \(place)",
                    expected: declared, actual: essence)
            ]
        }
        if let problem = BinarySignature.mismatch(type: essence, body: context.response.body) {
            return [
                Finding(
                    check: .contentTypeConformance, message: problem, expected: essence,
                    actual: BinarySignature.describe(context.response.body))
            ]
        }
        if XMLWellFormedness.isXML(essence),
            let problem = XMLWellFormedness.problem(in: context.response.body)
        {
            return [
                Finding(
                    check: .contentTypeConformance,
                    message: "the \(essence) body is not well-formed XML: \(problem)",
                    expected: "well-formed XML", actual: BodyPreview.text(context.response.body, limit: 80))
            ]
        }
        return []
    }

    /// Statuses HTTP itself answers to how a request was sent (too large, too long, an unsupported
    /// type, too many): a server's framework writes them before the API sees the request, in its
    /// own type, and an operation need not declare them, nor their content.
    static let protocolStatuses: Set<Int> = [405, 406, 408, 411, 413, 414, 415, 417, 426, 429, 431]

    /// Declared headers are present, and their values valid by their schema.
    public static let responseHeadersConformance = Check(name: .responseHeadersConformance) { context in
        guard let spec = context.responseSpec else { return [] }
        var findings: [Finding] = []
        for header in spec.headers {
            guard let value = context.response.header(header.name) else {
                if header.isRequired {
                    findings.append(
                        Finding(
                            check: .responseHeadersConformance,
                            message: "required header \(header.name) is missing",
                            expected: "a \(header.name) header", actual: "no such header"))
                }
                continue
            }
            guard let pointer = header.schemaPointer else { continue }
            let navigator = SchemaNavigator(document: context.contract.document)
            let typed = navigator.coerce(value, to: navigator.schema(at: pointer))
            for error in context.schemas.validate(typed, at: pointer).errors {
                findings.append(
                    Finding(
                        check: .responseHeadersConformance,
                        message: "header \(header.name): \(error.message)",
                        expected: error.keywordLocation.displayText, actual: value))
            }
        }
        return findings
    }

    /// The body parses and validates against the schema of the received status.
    public static let responseSchemaConformance = Check(name: .responseSchemaConformance) { context in
        guard let spec = context.responseSpec, let schemaPointer = spec.schemaPointer else { return [] }
        if context.hasNoContent { return [] }
        // A declared type that is not JSON (application/xml beside application/json): the schema
        // describes the JSON form; the content type check judges the rest.
        if let received = context.response.header("Content-Type"), !MediaType.isJSON(received),
            spec.contentTypes.contains(where: { MediaType.essence($0) == MediaType.essence(received) })
        {
            return []
        }
        guard let parsed = context.parsedBody else { return [] }
        // Valid is decided while the body is read; only an invalid body, or one whose schema
        // reaches writeOnly values, is built as a tree.
        let schema = try? context.schemas.schema(at: schemaPointer)
        let returnsWriteOnly = context.schemas.reachesWriteOnly(schemaPointer)
        var isValid = schema.map { parsed.isValid(by: $0) == true } ?? false
        if isValid && !returnsWriteOnly { return [] }
        if case .failure(let error) = parsed.tape {
            let preview = BodyPreview.text(context.response.body, limit: 80)
            return [
                Finding(
                    check: .responseSchemaConformance, message: "the body is not valid JSON: \(error)",
                    expected: "JSON valid by \(schemaPointer.displayText)", actual: preview)
            ]
        }
        // Named twice, a key's last value counts (`JSONParser`'s reading), which the tape holds.
        if !isValid, let schema, case .success(let tape) = parsed.tape, tape.duplicateKeys.isEmpty == false,
            schema.isValid(tape)
        {
            isValid = true
            if !returnsWriteOnly { return [] }
        }
        guard case .success(let body) = parsed.value else { return [] }
        let writeOnly = returnsWriteOnly ? writeOnlyFindings(in: body, schemaPointer, context) : []
        if isValid { return writeOnly }
        let result = context.schemas.validate(body, at: schemaPointer)
        return writeOnly
            + SchemaErrorGroups(result.errors, in: body).groups.prefix(20).map { group in
                let error = group.first
                let actual = error.instanceLocation.resolve(in: body).map { BodyPreview.json($0, limit: 120) }
                guard group.count > 1 else {
                    return Finding(
                        check: .responseSchemaConformance, message: error.message,
                        pointer: error.instanceLocation.description,
                        expected: "valid by \(schemaPointer.description)\(error.keywordLocation.description)",
                        actual: actual)
                }
                let items = group.elements == 1 ? "item" : "items"
                return Finding(
                    check: .responseSchemaConformance,
                    message:
                        "\(group.pattern): \(error.message) — \(group.count) of \(group.elements) \(items)",
                    pointer: group.pattern,
                    expected: "valid by \(schemaPointer.description)\(error.keywordLocation.description)",
                    actual: actual.map { "\($0) (first at \(error.instanceLocation.displayText))" })
            }
    }

    /// One finding per value the body returns under a `writeOnly` schema.
    private static func writeOnlyFindings(
        in body: JSONValue, _ schemaPointer: JSONPointer, _ context: CheckContext
    )
        -> [Finding]
    {
        let scan = WriteOnlyScan(schemas: context.schemas, document: context.contract.document)
        return scan.returnedWriteOnly(in: body, schemaAt: schemaPointer).map { location in
            Finding(
                check: .responseSchemaConformance,
                message: "\(location.displayText) is writeOnly: a response should not return it (OpenAPI)",
                pointer: location.description,
                expected:
                    "no \(location.tokens.last.map { "\"\($0)\"" } ?? "value") in a response (writeOnly)",
                // Not the value: a writeOnly value is often a secret.
                actual: location.resolve(in: body).map { "returned (\(Self.kind(of: $0)))" })
        }
    }

    private static func kind(of value: JSONValue) -> String {
        switch value {
        case .string(let text): return "a string of \(text.count) characters"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
