/// One way a response broke the contract: which check, where, what was expected and what came.
public struct Finding: Sendable, Hashable {
    public var check: CheckName
    /// The problem in one sentence, for a person.
    public var message: String
    /// Where in the response body (a JSON pointer), when the finding is about a value in it.
    public var pointer: String?
    public var expected: String?
    public var actual: String?

    public init(
        check: CheckName, message: String, pointer: String? = nil, expected: String? = nil,
        actual: String? = nil
    ) {
        self.check = check
        self.message = message
        self.pointer = pointer
        self.expected = expected
        self.actual = actual
    }
}
