import ContractKit
public import Testing

/// One example of a contract, as a Swift Testing argument: `@Test(arguments: suite.cases)`.
public struct ContractCase: Sendable, Hashable, CustomTestStringConvertible {
    /// `endpointId/example name`.
    public var id: String
    public var endpointID: String
    public var name: String

    init(_ planned: Plan.Case) {
        id = planned.id
        endpointID = planned.endpointID
        name = planned.name
    }

    /// The label Swift Testing shows for the argument.
    public var testDescription: String { id }
}
