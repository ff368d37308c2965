/// A fault and where it applies: every endpoint, or one (`wrong-type@listMenu`).
public struct FaultSelection: Sendable, Hashable, CustomStringConvertible {
    public var fault: MockFault
    public var endpointID: String?

    public init(_ fault: MockFault, endpointID: String? = nil) {
        self.fault = fault
        self.endpointID = endpointID
    }

    /// Parses `name` or `name@endpointId`; nil for an unknown fault name.
    public init?(parsing text: String) {
        let parts = text.split(separator: "@", maxSplits: 1).map(String.init)
        guard let first = parts.first, let fault = MockFault(rawValue: first) else { return nil }
        self.fault = fault
        self.endpointID = parts.count > 1 ? parts[1] : nil
    }

    public func applies(to endpointID: String) -> Bool {
        self.endpointID == nil || self.endpointID == endpointID
    }

    public var description: String { endpointID.map { "\(fault.rawValue)@\($0)" } ?? fault.rawValue }
}
