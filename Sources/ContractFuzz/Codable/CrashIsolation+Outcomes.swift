/// Decoding a fixed list of payloads in the child, for callers outside the fuzzer (the stored-data
/// snapshots of `ContractTesting`), so there is one way to isolate a model that traps or hangs.
extension CrashIsolation {
    /// Runs `harness` on each payload in a child process and returns every outcome, in order.
    ///
    /// The child is the one `CodableFuzzer` uses: launched once, replaced after a payload that
    /// crashes or hangs it (that payload's outcome is `.crashed` or `.hung`, and the next payload
    /// runs in a new child), and ended before this returns. The harness must be registered in the
    /// child under its `identity` (see `register(_:)`); otherwise every outcome is
    /// `.isolationFailed` with the reason.
    public func outcomes(of harness: ModelHarness, for payloads: [[UInt8]]) -> [DecodeOutcome] {
        guard !payloads.isEmpty else { return [] }
        let session = session(for: harness)
        defer { session.close() }
        return session.outcomes(payloads) { _ in false }
    }
}
