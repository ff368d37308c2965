import Foundation
public import JSONSchema

#if canImport(FoundationXML)
    import FoundationXML
#endif

extension Check {
    /// `Content-Type` is present, well-formed and declared for the status; a binary body really is
    /// what its type says.
    public static let contentTypeConformance = Check(name: .contentTypeConformance) { context in
        guard let spec = context.responseSpec, !spec.contentTypes.isEmpty else { return [] }
        if context.request.method == "HEAD" || context.response.status == 204 { return [] }
        let declared = spec.contentTypes.joined(separator: " or ")
        guard let received = context.response.header("Content-Type") else {
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
        if context.request.method == "HEAD" { return [] }
        // A declared type that is not JSON (application/xml beside application/json): the schema
        // describes the JSON form; the content type check judges the rest.
        if let received = context.response.header("Content-Type"), !MediaType.isJSON(received),
            spec.contentTypes.contains(where: { MediaType.essence($0) == MediaType.essence(received) })
        {
            return []
        }
        guard let parsed = context.parsedBody else { return [] }
        let tape: JSONTape
        switch parsed.tape {
        case .success(let scanned):
            tape = scanned
        case .failure(let error):
            let preview = BodyPreview.text(context.response.body, limit: 80)
            return [
                Finding(
                    check: .responseSchemaConformance, message: "the body is not valid JSON: \(error)",
                    expected: "JSON valid by \(schemaPointer.displayText)", actual: preview)
            ]
        }
        // Valid is decided on the tape; only an invalid body is built as a tree for the messages.
        if (try? context.schemas.schema(at: schemaPointer))?.isValid(tape) == true { return [] }
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

/// Whether an XML body is well-formed; XML bodies are not validated against the JSON schema of
/// their response.
public enum XMLWellFormedness {
    /// `application/xml`, `text/xml` and every `+xml` type.
    public static func isXML(_ essence: String) -> Bool {
        essence == "application/xml" || essence == "text/xml" || essence.hasSuffix("+xml")
    }

    /// Why `body` is not well-formed XML (line, column and the parser's reason), or nil when it is.
    ///
    /// The parser's own verdict is not enough on every platform (on Linux it accepts an unclosed
    /// root), so the elements are counted too: every element opened must be closed.
    public static func problem(in body: [UInt8]) -> String? {
        guard !body.isEmpty else { return "the body is empty" }
        let parser = XMLParser(data: Data(body))
        parser.shouldResolveExternalEntities = false
        let balance = ElementBalance()
        parser.delegate = balance
        let parsed = parser.parse()
        if !parsed || parser.parserError != nil || balance.error != nil {
            let code = (balance.error ?? parser.parserError).map { ($0 as NSError).code }
            return
                "line \(parser.lineNumber), column \(parser.columnNumber): the parser stops (error \(code ?? 0))"
        }
        if balance.elements == 0 { return "no root element" }
        if balance.depth != 0 {
            return "\(balance.depth) element\(balance.depth == 1 ? " is" : "s are") never closed"
        }
        return nil
    }

    /// Counts open elements while the parser reads.
    private final class ElementBalance: NSObject, XMLParserDelegate {
        var depth = 0
        var elements = 0
        var error: (any Error)?

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            depth += 1
            elements += 1
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?
        ) {
            depth -= 1
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            if error == nil { error = parseError }
        }
    }
}

/// Magic numbers of the binary types a contract can declare.
public enum BinarySignature {
    static let signatures: [String: [UInt8]] = [
        "image/png": [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
        "image/jpeg": [0xFF, 0xD8, 0xFF],
        "image/gif": Array("GIF8".utf8),
        "image/webp": Array("RIFF".utf8),
        "application/pdf": Array("%PDF-".utf8),
        "application/zip": [0x50, 0x4B, 0x03, 0x04],
        "application/gzip": [0x1F, 0x8B],
    ]

    /// Why `body` is not a `type` file, or nil when it starts with that type's signature (or the
    /// type has none known).
    public static func mismatch(type: String, body: [UInt8]) -> String? {
        guard let signature = signatures[type] else { return nil }
        if body.starts(with: signature) { return nil }
        return
            "the body is declared \(type) but does not start with its signature (it starts with \(describe(body)))"
    }

    /// The first bytes in hex, for messages.
    public static func describe(_ body: [UInt8]) -> String {
        if body.isEmpty { return "an empty body" }
        let hex = body.prefix(8).map { byte in
            let text = String(byte, radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }
        return hex.joined(separator: " ")
    }
}

/// Short, printable excerpts of bodies and values for findings.
public enum BodyPreview {
    public static func text(_ body: [UInt8], limit: Int) -> String {
        let text = String(decoding: body.prefix(limit * 4), as: UTF8.self)
        let printable = String(
            text.unicodeScalars.map { $0.value < 0x20 && $0 != "\n" ? "�" : Character($0) })
        return printable.count > limit ? String(printable.prefix(limit)) + "…" : printable
    }

    public static func json(_ value: JSONValue, limit: Int) -> String {
        let text = value.compactText
        return text.count > limit ? String(text.prefix(limit)) + "…" : text
    }
}
