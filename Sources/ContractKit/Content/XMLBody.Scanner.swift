import Foundation

extension XMLBody {
    /// Reads XML as a stream of text and tags, leniently: the caller has checked well-formedness,
    /// and what a body needs is its elements and their text (attributes, comments, processing
    /// instructions and declarations are skipped).
    struct Scanner {
        enum Token {
            /// Text, its entities decoded, or the content of a CDATA section as written.
            case text(String)
            case opening(name: String, selfClosing: Bool)
            case closing
            case skipped
        }

        private let scalars: [Unicode.Scalar]
        private var index = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        /// The next token; nil at the end.
        mutating func next() -> Token? {
            guard index < scalars.count else { return nil }
            if scalars[index] != "<" {
                var text = ""
                while index < scalars.count, scalars[index] != "<" {
                    text.unicodeScalars.append(scalars[index])
                    index += 1
                }
                return .text(Self.decodeEntities(text))
            }
            if starts("<![CDATA[") {
                index += 9
                let start = index
                skip(past: "]]>")
                let end = max(start, index - 3)
                var text = ""
                text.unicodeScalars.append(contentsOf: scalars[start..<min(end, scalars.count)])
                return .text(text)
            }
            for (opening, closing) in [("<?", "?>"), ("<!--", "-->"), ("<!", ">")] where starts(opening) {
                skip(past: closing)
                return .skipped
            }
            return tag()
        }

        /// An opening, closing or self-closing tag, read past its attributes.
        private mutating func tag() -> Token {
            index += 1
            let closing = index < scalars.count && scalars[index] == "/"
            if closing { index += 1 }
            var name = ""
            while index < scalars.count, !" \t\r\n/>".unicodeScalars.contains(scalars[index]) {
                name.unicodeScalars.append(scalars[index])
                index += 1
            }
            var quote: Unicode.Scalar?
            var selfClosing = false
            while index < scalars.count {
                let current = scalars[index]
                if let open = quote {
                    if current == open { quote = nil }
                } else if current == "\"" || current == "'" {
                    quote = current
                } else if current == ">" {
                    selfClosing = scalars[index - 1] == "/"
                    break
                }
                index += 1
            }
            index += 1
            return closing ? .closing : .opening(name: name, selfClosing: selfClosing)
        }

        private mutating func skip(past text: String) {
            let wanted = Array(text.unicodeScalars)
            while index + wanted.count <= scalars.count {
                if Array(scalars[index..<index + wanted.count]) == wanted {
                    index += wanted.count
                    return
                }
                index += 1
            }
            index = scalars.count
        }

        private func starts(_ text: String) -> Bool {
            let wanted = Array(text.unicodeScalars)
            return index + wanted.count <= scalars.count
                && Array(scalars[index..<index + wanted.count]) == wanted
        }

        private static func decodeEntities(_ text: String) -> String {
            guard text.contains("&") else { return text }
            return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(
                of: "&gt;", with: ">"
            )
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
        }
    }
}
