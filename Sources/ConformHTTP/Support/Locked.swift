import Foundation

/// A value guarded by a lock and shared by reference: the package's one lock type wherever state
/// crosses threads (connection pools, server state, schema caches, run bookkeeping). A class, so
/// value types can hold it and their copies share the one guarded value; `NSLock` keeps it
/// portable. The modules below HTTP (JSONSchema, SchemaGeneration) guard their `static` caches
/// with the standard library's `Mutex` instead, since they cannot see this module.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the value as it is now.
    public var current: Value { withLock { $0 } }
}
