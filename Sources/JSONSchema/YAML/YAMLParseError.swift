/// Why a text is not acceptable YAML (or cannot become JSON), and where.
///
/// Like `JSONParseError`, each case carries what was found and what was expected, so a person can
/// fix a contract or an OpenAPI description written in YAML from the message alone.
public struct YAMLParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// The text breaks YAML syntax; the payload says what was expected or found.
        case syntax(String)
        /// A stream with no document where one is required.
        case noDocument
        /// A stream with more than one document where exactly one is required.
        case multipleDocuments(count: Int, secondAt: SourcePosition)
        case invalidUTF8
        case duplicateKey(String, firstAt: SourcePosition)
        case undefinedAlias(String)
        case recursiveAlias(String)
        /// Aliases expand to more nodes than the limit (an "alias bomb").
        case tooManyAliasedNodes(limit: Int)
        case tooDeep(limit: Int)
        /// A mapping key that is a sequence or mapping: JSON keys are strings.
        case complexKey
        /// `.inf`, `-.inf` or `.nan`: valid YAML floats that JSON cannot hold.
        case nonFiniteNumber(String)
        /// A value whose explicit tag (`!!int`, `!!bool`...) does not fit its text or kind.
        case tagMismatch(tag: String, found: String)
        case undefinedTagHandle(String)
        /// A `<<` merge key whose value is not a mapping or a sequence of mappings.
        case invalidMerge
        /// A quoted scalar or flow collection (`what`) continued on a new line not indented past
        /// its enclosing block, which starts at `column` (1-based).
        case underindentedContinuation(what: String, column: Int)
    }

    public var reason: Reason
    public var position: SourcePosition

    public init(_ reason: Reason, at position: SourcePosition) {
        self.reason = reason
        self.position = position
    }

    /// The problem in one sentence, without the position.
    public var message: String {
        switch reason {
        case .syntax(let detail):
            return detail
        case .noDocument:
            return "expected a YAML document, found no content"
        case .multipleDocuments(let count, let second):
            return
                "expected exactly one YAML document, found \(count) (the second starts at \(second)); split the file"
        case .invalidUTF8:
            return "invalid UTF-8 byte sequence"
        case .duplicateKey(let key, let first):
            return "duplicate key \"\(key)\" in mapping (first defined at \(first))"
        case .undefinedAlias(let name):
            return "alias *\(name) refers to no anchor defined before it (expected '&\(name)' earlier)"
        case .recursiveAlias(let name):
            return "alias *\(name) refers to a node that contains it; JSON cannot hold a recursive value"
        case .tooManyAliasedNodes(let limit):
            return "aliases expand to more than \(limit) nodes (an alias bomb?)"
        case .tooDeep(let limit):
            return "nesting deeper than \(limit) levels of sequences and mappings"
        case .complexKey:
            return "a mapping key must be a scalar: JSON object keys are strings, found a sequence or mapping"
        case .nonFiniteNumber(let text):
            return
                "'\(text)' is not a finite number, which JSON cannot represent; quote it to keep it as a string"
        case .tagMismatch(let tag, let found):
            return "value tagged \(tag) cannot be \(found)"
        case .undefinedTagHandle(let handle):
            return "tag handle '\(handle)' is not declared (expected a %TAG directive for it)"
        case .invalidMerge:
            return "a '<<' merge key expects a mapping or a sequence of mappings"
        case .underindentedContinuation(let what, let column):
            return
                "\(what) continued on a new line must be indented more than the enclosing block (column \(column))"
        }
    }

    /// `line:column: message`.
    public var description: String { "\(position): \(message)" }
}
