import JSONSchema

/// Collects problems while a contract is read, so all of them are reported together.
struct ProblemLog {
    private(set) var problems: [ContractProblem] = []

    mutating func error(_ message: String, at pointer: JSONPointer) {
        problems.append(ContractProblem(message, at: pointer))
    }

    mutating func warning(_ message: String, at pointer: JSONPointer) {
        problems.append(ContractProblem(message, at: pointer, severity: .warning))
    }

    mutating func append(contentsOf other: [ContractProblem]) { problems.append(contentsOf: other) }

    var hasErrors: Bool { problems.contains { $0.severity == .error } }
}
