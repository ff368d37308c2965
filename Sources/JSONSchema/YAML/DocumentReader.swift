/// The one place that reads a document people write — a contract, an OpenAPI description, a
/// schema, an instance for `conform validate` — as JSON or YAML.
///
/// The format comes from the file extension (`.json` → JSON, `.yaml`/`.yml` → YAML); without one
/// (standard input, other names) from the content: a first non-blank byte of `{` or `[` means JSON,
/// anything else YAML. Both give the same `JSONParser.Document`, so positions in lint problems
/// point into whichever file was read.
///
/// ```swift
/// let document = try DocumentReader.parseDocument(bytes, file: "Contracts/shop.yaml")
/// ```
public enum DocumentReader {
    /// A document syntax.
    public enum Format: String, Sendable, Equatable {
        case json = "JSON"
        case yaml = "YAML"

        /// The format a file name's extension names, or nil when it names neither.
        public static func byExtension(of file: String) -> Format? {
            let name = file.split(separator: "/").last.map(String.init) ?? file
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
            switch name[name.index(after: dot)...].lowercased() {
            case "json": return .json
            case "yaml", "yml": return .yaml
            default: return nil
            }
        }

        /// The format the content looks like: JSON when the first non-blank byte (after a byte
        /// order mark) is `{` or `[`, else YAML.
        public static func byContent(of bytes: some Collection<UInt8>) -> Format {
            var skippedMark = false
            var index = 0
            for byte in bytes {
                defer { index += 1 }
                if index < 3 && !skippedMark && [0xEF, 0xBB, 0xBF][index] == byte {
                    if index == 2 { skippedMark = true }
                    continue
                }
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
                return byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") ? .json : .yaml
            }
            return .yaml
        }

        /// By extension when `file` has a known one, else by content.
        public static func of(file: String?, bytes: some Collection<UInt8>) -> Format {
            file.flatMap(byExtension(of:)) ?? byContent(of: bytes)
        }
    }

    /// Why a document could not be read, in either syntax.
    public enum ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        case json(JSONParseError, file: String?)
        case yaml(YAMLParseError, file: String?)

        public var format: Format {
            if case .json = self { return .json }
            return .yaml
        }

        public var file: String? {
            switch self {
            case .json(_, let file), .yaml(_, let file): return file
            }
        }

        public var position: SourcePosition {
            switch self {
            case .json(let error, _): return error.position
            case .yaml(let error, _): return error.position
            }
        }

        /// The problem in one sentence, without file or position.
        public var message: String {
            switch self {
            case .json(let error, _): return error.message
            case .yaml(let error, _): return error.message
            }
        }

        /// `file:line:column: not valid YAML: message` (the file part only when known).
        public var description: String {
            let place = file.map { "\($0):\(position)" } ?? "\(position)"
            return "\(place): not valid \(format.rawValue): \(message)"
        }
    }

    /// Parses `bytes` as JSON or YAML (`format`, else chosen from `file` and the content).
    ///
    /// - Parameters:
    ///   - options: depth limit and whether to record positions; JSON also honours
    ///     `allowsByteOrderMark` (YAML always allows one).
    /// - Throws: `DocumentReader.ParseError` naming the format, file, line:column and problem.
    public static func parseDocument(
        _ bytes: some Collection<UInt8>, file: String? = nil, format: Format? = nil,
        options: JSONParser.Options = .default
    ) throws(ParseError) -> JSONParser.Document {
        switch format ?? Format.of(file: file, bytes: bytes) {
        case .json:
            do {
                return try JSONParser.parseDocument(bytes, options: options)
            } catch {
                throw .json(error, file: file)
            }
        case .yaml:
            do {
                return try YAMLReader.parseDocument(bytes, options: options)
            } catch {
                throw .yaml(error, file: file)
            }
        }
    }

    /// Parses `bytes` as one JSON or YAML value.
    public static func parse(
        _ bytes: some Collection<UInt8>, file: String? = nil, format: Format? = nil,
        options: JSONParser.Options = .default
    ) throws(ParseError) -> JSONValue {
        try parseDocument(bytes, file: file, format: format, options: options).value
    }
}
