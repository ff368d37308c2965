/// Runs a model on a batch of payloads, in this process or in an isolated child process.
enum DecodeRunner {
    case inProcess(ModelHarness)
    case isolated(IsolationSession, ModelHarness)

    var harness: ModelHarness {
        switch self {
        case .inProcess(let harness), .isolated(_, let harness): return harness
        }
    }

    /// The outcome of each payload in order, stopping after the first one `stop` accepts.
    func outcomes(
        _ payloads: [[UInt8]], timeout: Double? = nil, stopWhen stop: (DecodeOutcome) -> Bool = { _ in false }
    ) -> [DecodeOutcome] {
        switch self {
        case .inProcess(let harness):
            var result: [DecodeOutcome] = []
            for bytes in payloads {
                let outcome = harness.run(bytes)
                result.append(outcome)
                if stop(outcome) { break }
            }
            return result
        case .isolated(let session, _):
            return session.outcomes(payloads, timeout: timeout, stopWhen: stop)
        }
    }
}

extension DecodeRunner {
    var isIsolated: Bool {
        if case .isolated = self { return true }
        return false
    }
}
