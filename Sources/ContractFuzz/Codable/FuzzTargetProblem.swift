/// Why a target cannot be fuzzed at all, in words (an unknown endpoint, a schema that does not compile).
public struct FuzzTargetProblem: Error, Sendable, CustomStringConvertible {
    public var description: String
}
