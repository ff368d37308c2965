import Foundation

/// Runs `conform validate`'s reading and validation on a thread with a 64 MiB stack.
///
/// The JSON readers need little stack at any depth, but the schema validator and the YAML reader
/// still recurse once per nesting level (docs/json-reading.md, "Known limits"): with a schema
/// that applies itself to every level, a document at the 512-level limit needs several MiB in a
/// debug build and more than a 512 KiB thread has in a release one. `conform validate` runs
/// in-process in tests and tools on such threads, so it brings its own stack; only the pages it
/// touches are ever committed.
enum ValidateStack {
    static let size = 64 << 20

    /// Standard input for the thread, emptied by the caller once the thread's work is done (the
    /// semaphore orders the two).
    final class Input: @unchecked Sendable {
        var read: (@Sendable () -> Data)?
        init(_ read: @escaping @Sendable () -> Data) { self.read = read }
    }

    private final class Slot<Value>: @unchecked Sendable {
        var value: Value?
    }

    /// The result of `body`, run on a new thread with a `size` stack; waits for it.
    static func run<Value: Sendable>(_ body: @escaping @Sendable () -> Value) -> Value? {
        let slot = Slot<Value>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            slot.value = body()
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        done.wait()
        return slot.value
    }
}
