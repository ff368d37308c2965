/// Which checks run and which statuses they accept, so a team can silence a false positive in the
/// contract instead of in code. Endpoint settings refine the contract's.
public struct CheckSettings: Sendable, Equatable {
    /// Checks turned off.
    public var disabled: Set<CheckName>
    /// Checks explicitly turned on, so an endpoint can re-enable what the contract turned off.
    public var enabled: Set<CheckName> = []
    /// For `status_code_conformance` and the fuzzing checks: statuses accepted beyond the declared ones.
    public var acceptedStatuses: [CheckName: [Int]]

    public init(disabled: Set<CheckName> = [], acceptedStatuses: [CheckName: [Int]] = [:]) {
        self.disabled = disabled
        self.acceptedStatuses = acceptedStatuses
    }

    public func isEnabled(_ check: CheckName) -> Bool { !disabled.contains(check) }

    /// These settings with `other`'s on top (an endpoint's over the contract's).
    public func refined(by other: CheckSettings) -> CheckSettings {
        var merged = self
        merged.disabled.subtract(other.enabled)
        merged.disabled.formUnion(other.disabled)
        for (check, statuses) in other.acceptedStatuses { merged.acceptedStatuses[check] = statuses }
        return merged
    }
}
