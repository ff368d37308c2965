public import JSONSchema

/// Something wrong with a contract file, with its place, so a person can fix it without reading code.
public struct ContractProblem: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error
        case warning
    }

    public var severity: Severity
    /// Where in the document, as a JSON pointer.
    public var pointer: JSONPointer
    /// Where in the file, when the document was read from text.
    public var position: SourcePosition?
    /// The contract file, when known.
    public var file: String?
    public var message: String

    public init(
        _ message: String, at pointer: JSONPointer, severity: Severity = .error,
        position: SourcePosition? = nil,
        file: String? = nil
    ) {
        self.message = message
        self.pointer = pointer
        self.severity = severity
        self.position = position
        self.file = file
    }

    /// `file:line:column: error: message (at /pointer)`, the shape editors and CI annotate.
    public var description: String {
        var location = file ?? "<contract>"
        if let position { location += ":\(position.line):\(position.column)" }
        let kind = severity == .error ? "error" : "warning"
        if position == nil && pointer == .root { return "\(location): \(kind): \(message)" }
        return "\(location): \(kind): \(message) (at \(pointer.displayText))"
    }
}
