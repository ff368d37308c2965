import Foundation
public import JSONSchema

extension Check {
    /// `Content-Type` is present, well-formed and declared for the status; a binary body really is
    /// what its type says.
    public static let contentTypeConformance = Check(name: .contentTypeConformance) { context in
        guard let spec = context.responseSpec, !spec.contentTypes.isEmpty else { return [] }
        if context.hasNoContent { return [] }
        let declared = spec.contentTypes.joined(separator: " or ")
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
        guard spec.contentTypes.contains(where: { MediaType.essence($0) == essence }) else {
            return [
                Finding(
                    check: .contentTypeConformance,
                    message:
                        "Content-Type \"\(essence)\" is not declared for status \(context.response.status)",
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
        // Valid is decided while the body is read; only an invalid body is built as a tree for
        // the messages.
        let schema = try? context.schemas.schema(at: schemaPointer)
        if let schema, parsed.isValid(by: schema) == true { return [] }
        if case .failure(let error) = parsed.tape {
            let preview = BodyPreview.text(context.response.body, limit: 80)
            return [
                Finding(
                    check: .responseSchemaConformance, message: "the body is not valid JSON: \(error)",
                    expected: "JSON valid by \(schemaPointer.displayText)", actual: preview)
            ]
        }
        // Named twice, a key's last value counts (`JSONParser`'s reading), which the tape holds.
        if let schema, case .success(let tape) = parsed.tape, tape.duplicateKeys.isEmpty == false,
            schema.isValid(tape)
        {
            return []
        }
        guard case .success(let body) = parsed.value else { return [] }
        let result = context.schemas.validate(body, at: schemaPointer)
        return SchemaErrorGroups(result.errors, in: body).groups.prefix(20).map { group in
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
                message: "\(group.pattern): \(error.message) — \(group.count) of \(group.elements) \(items)",
                pointer: group.pattern,
                expected: "valid by \(schemaPointer.description)\(error.keywordLocation.description)",
                actual: actual.map { "\($0) (first at \(error.instanceLocation.displayText))" })
        }
    }
}
