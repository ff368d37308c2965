/// Escaping for text from servers and contracts that ends up in GitHub-flavoured Markdown.
///
/// Backslash escapes are used rather than HTML entities, so that the report still reads as plain
/// text in a terminal while `<script>`, `|` or `*` from a response can neither inject HTML nor break
/// a table or emphasis on GitHub. Control characters become visible `\u{1B}` text so that a body
/// cannot send escape sequences to the terminal that prints the report.
enum MarkdownText {
    private static let punctuation: Set<Unicode.Scalar> = [
        "\\", "`", "*", "_", "[", "]", "<", ">", "&", "|", "#", "~", "!",
    ]

    /// Inline text: punctuation escaped, line breaks folded into spaces.
    static func inline(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                output += " "
            } else if punctuation.contains(scalar) {
                output += "\\" + String(scalar)
            } else {
                output += visible(scalar)
            }
        }
        return output
    }

    /// A code span holding `text` verbatim on one line, delimited by more backticks than any run
    /// inside it. For use outside tables (GitHub splits table cells on `|` even in code spans).
    static func code(_ text: String) -> String {
        let flat = printable(text).replacingLineBreaks(with: " ")
        let fence = String(repeating: "`", count: longestBacktickRun(in: flat) + 1)
        let padded = flat.hasPrefix("`") || flat.hasSuffix("`") || flat.isEmpty ? " \(flat) " : flat
        return fence + padded + fence
    }

    /// A fenced code block with a fence longer than any backtick run inside, so the content cannot
    /// close it early.
    static func fenced(_ text: String, language: String = "") -> String {
        let body = printable(text)
        let fence = String(repeating: "`", count: max(3, longestBacktickRun(in: body) + 1))
        let newline = body.hasSuffix("\n") ? "" : "\n"
        return fence + language + "\n" + body + newline + fence + "\n"
    }

    /// The text with control characters (other than tab and line feed) made visible.
    static func printable(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            output += scalar == "\n" || scalar == "\t" ? String(scalar) : visible(scalar)
        }
        return output
    }

    private static func visible(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF:
            return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default:
            return String(scalar)
        }
    }

    static func longestBacktickRun(in text: String) -> Int {
        var longest = 0
        var current = 0
        for scalar in text.unicodeScalars {
            current = scalar == "`" ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }
}

extension String {
    fileprivate func replacingLineBreaks(with replacement: String) -> String {
        split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.joined(separator: replacement)
    }
}
