import ConformHTTP
import ContractKit
import Foundation
import Testing

/// Records a call's findings as issues of the test that made it.
///
/// Swift Testing knows the running test (and a surrounding `withKnownIssue`) through task-local
/// values, which URLSession's own threads do not carry. URLSession asks a protocol class whether it
/// handles a request (`canInit(with:)`) while the caller's task is still running, so that is where
/// an attribution is made: a task created there inherits the test's task-locals, waits for the
/// call's findings, records them, and lets the response go on only then, so every issue is recorded
/// before the call returns to the test. Where the platform asks elsewhere (no test is current), the
/// findings are recorded without a test, which still fails the run.
final class IssueAttribution: Sendable {
    private let findings = Locked<CheckedContinuation<[String], Never>?>(nil)
    private let delivered = Locked<[String]?>(nil)
    private let recorded = DispatchSemaphore(value: 0)
    let createdAt = ContinuousClock.now

    /// An attribution to the current test, or nil when no test is running on this task.
    static func current() -> IssueAttribution? {
        guard let test = Test.current else { return nil }
        let attribution = IssueAttribution()
        let location = test.sourceLocation
        Task {
            let lines = await attribution.wait()
            for line in lines { Issue.record(Comment(rawValue: line), sourceLocation: location) }
            attribution.recorded.signal()
        }
        return attribution
    }

    private func wait() async -> [String] {
        await withCheckedContinuation { continuation in
            let early = delivered.withLock { lines -> [String]? in
                if lines == nil { findings.withLock { $0 = continuation } }
                return lines
            }
            if let early { continuation.resume(returning: early) }
        }
    }

    /// Hands the findings to the test's task and waits (half a minute at most, for a busy test run)
    /// until it recorded them.
    func record(_ lines: [String]) {
        let waiting = delivered.withLock { current -> CheckedContinuation<[String], Never>? in
            current = lines
            return findings.withLock { pending in
                defer { pending = nil }
                return pending
            }
        }
        waiting?.resume(returning: lines)
        _ = recorded.wait(timeout: .now() + 30)
    }

    /// Lets the waiting task end without recording anything (its call never started).
    func release() {
        let waiting = delivered.withLock { current -> CheckedContinuation<[String], Never>? in
            current = []
            return findings.withLock { pending in
                defer { pending = nil }
                return pending
            }
        }
        waiting?.resume(returning: [])
    }

    /// Records `lines` outside any test: the platform gave no test to attribute them to.
    static func recordUnattributed(_ lines: [String]) {
        for line in lines { Issue.record(Comment(rawValue: line)) }
    }
}
