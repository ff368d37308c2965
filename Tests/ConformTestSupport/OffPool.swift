package import Foundation

/// Runs blocking `work` (reading a `BodyStream`) on a thread of its own and awaits its result, so a
/// test never holds one of the few threads of Swift's cooperative pool that other suites need.
package func offPool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
