import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

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
