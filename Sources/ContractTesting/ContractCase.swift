import ContractKit
public import Testing

/// One example of a contract, as a Swift Testing argument: `@Test(arguments: suite.cases)`.
///
/// A suite whose contract cannot be loaded, or has nothing to replay, still has one case: it fails
/// with the reason, so a gate never passes by finding nothing.
public struct ContractCase: Sendable, Hashable, CustomTestStringConvertible {
    /// `endpointId/example name`.
    public var id: String
    public var endpointID: String
    public var name: String
    /// Why the suite cannot run anything, for the stand-in case of a broken or empty contract.
    var problem: String?

    init(_ planned: Plan.Case) {
        id = planned.id
        endpointID = planned.endpointID
        name = planned.name
    }

    /// The stand-in case of a suite that has nothing to replay; it records `problem` as an issue.
    init(problem: String, label: String) {
        id = label
        endpointID = ""
        name = label
        self.problem = problem
    }

    /// The label Swift Testing shows for the argument.
    public var testDescription: String { id }
}
