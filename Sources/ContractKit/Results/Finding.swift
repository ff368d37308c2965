/// One way a response broke the contract: which check, where, what was expected and what came.
public struct Finding: Sendable, Hashable {
    public var check: CheckName
    /// The problem in one sentence, for a person.
    public var message: String
    /// Where in the response body (a JSON pointer), when the finding is about a value in it.
    public var pointer: String?
    public var expected: String?
    public var actual: String?
    /// The status of the response the finding is about; nil when no complete response arrived.
    public var status: Int?
    /// The command that reproduces the request behind this finding, when it is not the case's own
    /// (a fuzzing case gathers findings from several requests, each with its reproducer).
    public var curl: String?

    public init(
        check: CheckName, message: String, pointer: String? = nil, expected: String? = nil,
        actual: String? = nil, status: Int? = nil, curl: String? = nil
    ) {
        self.check = check
        self.message = message
        self.pointer = pointer
        self.expected = expected
        self.actual = actual
        self.status = status
        self.curl = curl
    }
}
