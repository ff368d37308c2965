public import ContractKit

extension ContractSuite {
    /// A ``ContractTraffic`` for this suite's contract and server (`CONFORM_BASE_URL`, else the
    /// embedded mock), to check the app's own client in tests.
    ///
    /// - Throws: the loader's error when the contract cannot be loaded, or why the mock cannot start.
    public func traffic(redaction: Redaction = Redaction()) async throws -> ContractTraffic {
        let contract = try self.contract.get()
        guard let baseURL = try await baseURL else { throw SuiteError.nothingToRun("no server to check") }
        return ContractTraffic(
            contract: contract, baseURL: baseURL, redaction: redaction.addingSecrets(secrets))
    }
}
