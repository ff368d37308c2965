/// Which declared statuses of an endpoint a run saw, and which it never exercised.
public struct EndpointCoverage: Sendable, Hashable {
    public var endpointID: String
    public var declared: [String]
    public var seen: [Int]
    public var unexercised: [String]

    public init(endpointID: String, declared: [String], seen: [Int], unexercised: [String]) {
        self.endpointID = endpointID
        self.declared = declared
        self.seen = seen
        self.unexercised = unexercised
    }
}
