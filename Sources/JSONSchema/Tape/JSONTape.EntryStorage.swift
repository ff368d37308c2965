#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension JSONTape {
    /// A tape's entries in one allocation: the scanner appends to it without the uniqueness check
    /// an `Array` makes on every append (a call per value), and the tape then keeps it as is.
    ///
    /// `@unchecked Sendable`: only the scanner that creates it writes to it; once a `JSONTape`
    /// holds it, nothing changes it again.
    final class EntryStorage: @unchecked Sendable {
        private(set) var base: UnsafeMutablePointer<Entry>
        private(set) var count = 0
        private var capacity: Int

        init(capacity: Int) {
            self.capacity = max(16, capacity)
            base = Self.reallocated(nil, capacity: self.capacity)
        }

        deinit { free(base) }

        /// Adds an entry at the end, doubling the allocation when it is full.
        @inline(__always)
        func append(_ entry: Entry) {
            if count == capacity { grow() }
            (base + count).initialize(to: entry)
            count += 1
        }

        /// Doubles the allocation with `realloc`: entries are plain bits, and for a large tape the C
        /// library moves the pages rather than copying them, so the old and the new allocation are
        /// never resident together (the peak memory of a key-dense document was 1.5 tapes).
        private func grow() {
            capacity *= 2
            base = Self.reallocated(base, capacity: capacity)
        }

        private static func reallocated(_ pointer: UnsafeMutablePointer<Entry>?, capacity: Int)
            -> UnsafeMutablePointer<Entry>
        {
            guard let raw = realloc(pointer, capacity * MemoryLayout<Entry>.stride) else {
                fatalError("out of memory for a JSON tape of \(capacity) entries")
            }
            return raw.bindMemory(to: Entry.self, capacity: capacity)
        }

        /// The entries so far, valid until the next append.
        @inline(__always)
        var buffer: UnsafeBufferPointer<Entry> { UnsafeBufferPointer(start: base, count: count) }

        /// Forgets the entries from `count` on (the streaming validator reuses them); the allocation
        /// stays.
        @inline(__always)
        func truncate(to count: Int) { self.count = count }

        @inline(__always)
        subscript(index: Int) -> Entry {
            get { base[index] }
            set { base[index] = newValue }
        }

        /// Runs `body` with the entries as a buffer, valid for the call.
        func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Entry>) throws -> Result) rethrows
            -> Result
        {
            try body(UnsafeBufferPointer(start: base, count: count))
        }
    }
}
