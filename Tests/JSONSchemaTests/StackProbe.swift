import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Measures how much thread stack a piece of code uses, without risking a crash: it runs on a
/// 16 MiB stack of our own, filled with a pattern first, and the deepest byte no longer holding
/// the pattern is the high-water mark. Deep-nesting tests assert on it against the 512 KiB that
/// Dispatch and Swift Testing threads get, so a regression fails a test instead of crashing it.
enum StackProbe {
    private final class Job: @unchecked Sendable {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    private final class Slot<Value>: @unchecked Sendable {
        var value: Value?
    }

    private static let size = 16 << 20
    private static let pattern: UInt8 = 0xA5

    /// The result of `body`, run on a 16 MiB stack: for walks that are known to need more than a
    /// small thread has, so a test can check their results without crashing.
    static func onLargeStack<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result? {
        let slot = Slot<Result>()
        _ = highWater { slot.value = body() }
        return slot.value
    }

    /// The bytes of stack `body` used beyond what starting an empty thread uses.
    static func bytesUsed(by body: @escaping () -> Void) -> Int {
        max(0, highWater(body) - highWater {})
    }

    private static func highWater(_ body: @escaping () -> Void) -> Int {
        #if canImport(Glibc)
            let stack = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 1 << 16)
            defer { stack.deallocate() }
            memset(stack, Int32(pattern), size)
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            pthread_attr_setstack(&attributes, stack, size)
            let job = Unmanaged.passRetained(Job(body)).toOpaque()
            var thread = pthread_t()
            let created = pthread_create(
                &thread, &attributes,
                { argument in
                    guard let argument else { return nil }
                    Unmanaged<Job>.fromOpaque(argument).takeRetainedValue().body()
                    return nil
                }, job)
            guard created == 0 else { return -1 }
            pthread_join(thread, nil)
            // Eight bytes at a time up to the first word that changed, then byte by byte.
            let word = UInt64(pattern) &* 0x0101_0101_0101_0101
            var untouched = 0
            while untouched + 8 <= size && stack.load(fromByteOffset: untouched, as: UInt64.self) == word {
                untouched += 8
            }
            while untouched < size && stack.load(fromByteOffset: untouched, as: UInt8.self) == pattern {
                untouched += 1
            }
            return size - untouched
        #else
            body()
            return 0
        #endif
    }
}
