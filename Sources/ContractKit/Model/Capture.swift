public import JSONSchema

/// Takes a value from a response into a variable.
public struct Capture: Sendable {
    public enum Source: Sendable, Equatable {
        /// A value of the JSON body, by pointer.
        case body(JSONPointer)
        /// A response header's value.
        case header(String)
    }

    public var variable: String
    public var source: Source
    /// A regular expression applied to the captured text: the first group, else the whole match.
    public var regex: String?
    public var pointer: JSONPointer

    public init(variable: String, source: Source, regex: String? = nil, pointer: JSONPointer = .root) {
        self.variable = variable
        self.source = source
        self.regex = regex
        self.pointer = pointer
    }
}
