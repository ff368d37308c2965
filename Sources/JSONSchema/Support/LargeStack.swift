import Foundation

/// Runs deep work on a thread with a stack of its own.
///
/// The validator and the YAML reader walk nested values by recursion, a frame or more per level.
/// The readers bound nesting at `JSONParser.defaultMaximumDepth` (512), but 512 levels of a schema
/// that applies itself at every level need several MiB of stack in a debug build, while the
/// threads these walks run on (Swift's cooperative pool, Dispatch, Swift Testing) have 512 KiB.
/// A server's response or a user's document could then crash the whole process. Entry points
/// measure the input's nesting first: shallow input (nearly every API body) runs where it is
/// called, and deeper input runs here, on a stack sized for the deepest input the readers accept.
/// Only the pages a walk touches are ever committed.
public enum LargeStack {
    /// The nesting depth up to which a walk runs on the caller's thread. The deepest walk, a schema
    /// applied at every level with every error collected, takes about 20 KiB a level in a debug
    /// build (`DeepStackTests` prints each walk's figures): 8 levels stay well within a 512 KiB
    /// thread, and API bodies rarely nest deeper, so the extra thread is seldom paid for.
    public static let inlineDepth = 8

    /// The stack of the thread deep walks run on: the 512-level limit needs under 10 MiB even in a
    /// debug build.
    public static let stackSize = 64 << 20

    /// The result of `body`, run on the caller's thread when `depth` is at most `inlineDepth`,
    /// else on a thread of its own with `stackSize` bytes of stack (the caller waits for it).
    public static func run<Value: Sendable, Failure: Error>(
        depth: Int, _ body: @Sendable () throws(Failure) -> Value
    ) throws(Failure) -> Value {
        if depth <= inlineDepth { return try body() }
        let outcome = withoutActuallyEscaping(body) { escaping in
            // The thread object outlives the signal, so it holds the job, never `body` itself: the
            // job lets go of `body` before `withoutActuallyEscaping` ends.
            let job = Job<Value, Failure>(escaping)
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                job.run()
                done.signal()
            }
            thread.stackSize = stackSize
            thread.start()
            done.wait()
            return job.finish()
        }
        guard let outcome else { return try body() }
        return try outcome.get()
    }

    /// The work and its result, handed between the caller and the worker thread; the semaphore
    /// orders every access.
    private final class Job<Value: Sendable, Failure: Error>: @unchecked Sendable {
        private var body: (@Sendable () throws(Failure) -> Value)?
        private var result: Result<Value, Failure>?

        init(_ body: @escaping @Sendable () throws(Failure) -> Value) { self.body = body }

        func run() { result = compute() }

        /// The worker's result, releasing `body` on the caller's side.
        func finish() -> Result<Value, Failure>? {
            defer { body = nil }
            return result
        }

        private func compute() -> Result<Value, Failure>? {
            guard let body else { return nil }
            return Result { () throws(Failure) in try body() }
        }
    }
}
