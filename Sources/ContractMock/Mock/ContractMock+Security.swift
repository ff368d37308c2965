public import ContractKit

extension ContractMock {
    /// A security scheme the mock guards some operation with, and whether any request can pass it.
    public struct GuardedScheme: Sendable {
        public var scheme: ContractAuth.Scheme
        /// Where a client puts the credential, e.g. `header X-API-Key` (never the credential).
        public var placement: String
        /// False when the mock knows no credential for it (none in the contract, none given with
        /// `--auth`, or an `{{env.NAME}}` that is not set): then every call that needs it is
        /// refused, which a user starting the mock must be told.
        public var acceptsAnyRequest: Bool
    }

    /// The schemes that guard at least one operation, in the contract's order, so `conform mock`
    /// can say at start-up what a client must send (a mock that silently answers 401 to everything
    /// looks broken).
    public var guardedSchemes: [GuardedScheme] {
        guard let auth = contract.auth else { return [] }
        let used = Set(
            contract.endpoints.flatMap { auth.requirements(for: $0.id).flatMap { $0.map(\.name) } })
        return auth.schemes.filter { used.contains($0.name) }.map { scheme in
            GuardedScheme(
                scheme: scheme, placement: AuthGate.describe(scheme),
                acceptsAnyRequest: AuthGate.credential(of: scheme) != nil)
        }
    }
}
