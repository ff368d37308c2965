/// The result of fuzzing one model: every distinct finding and what was run.
public struct FuzzReport: Sendable, CustomStringConvertible {
    /// The model's type name.
    public var typeName: String
    /// One finding per distinct problem (same kind at the same place), in case order.
    public var findings: [CodableFinding]
    /// How many payloads were decoded (shrinking not counted).
    public var casesRun: Int
    /// The seed of the run, to reproduce it.
    public var seed: UInt64

    /// Why the run could not happen at all (a schema that does not compile); nil normally.
    public var problem: String?

    public init(
        typeName: String, findings: [CodableFinding], casesRun: Int, seed: UInt64, problem: String? = nil
    ) {
        self.problem = problem
        self.typeName = typeName
        self.findings = findings
        self.casesRun = casesRun
        self.seed = seed
    }

    /// The findings that should fail a test.
    public var failures: [CodableFinding] { findings.filter(\.isFailure) }
    /// The findings reported as warnings only (looser findings whose rule is not a failing one).
    public var warnings: [CodableFinding] { findings.filter { !$0.isFailure } }
    /// Whether nothing should fail.
    public var passed: Bool { failures.isEmpty && problem == nil }

    /// The findings of `kind`.
    public func findings(_ kind: CodableFinding.Kind) -> [CodableFinding] {
        findings.filter { $0.kind == kind }
    }

    /// One line: the model, the cases run and the counts (what a test shows for the report itself).
    public var summary: String {
        if let problem { return "\(typeName): \(problem)" }
        let counts =
            "\(failures.count) \(failures.count == 1 ? "failure" : "failures"), \(warnings.count) \(warnings.count == 1 ? "warning" : "warnings")"
        return "\(typeName): \(casesRun) cases, seed \(seed): \(counts)"
    }

    /// The summary, then every finding (failures first).
    public var description: String {
        ([summary] + (failures + warnings).map(\.description)).joined(separator: "\n")
    }
}
