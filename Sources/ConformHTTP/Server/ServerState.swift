import Foundation

/// The current run, if any, behind a lock.
///
/// `@unchecked Sendable`: `run` is only read or written inside `withLock`.
final class ServerState: @unchecked Sendable {
    private let lock = NSLock()
    private var run: ServerRun?

    func withLock<Result, Failure: Error>(
        _ body: (inout ServerRun?) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&run)
    }
}
