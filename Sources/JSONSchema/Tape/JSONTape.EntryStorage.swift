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
            base = .allocate(capacity: self.capacity)
        }

        deinit { base.deallocate() }

        /// Adds an entry at the end, doubling the allocation when it is full.
        @inline(__always)
        func append(_ entry: Entry) {
            if count == capacity { grow() }
            (base + count).initialize(to: entry)
            count += 1
        }

        private func grow() {
            let larger = UnsafeMutablePointer<Entry>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: base, count: count)
            base.deallocate()
            base = larger
            capacity *= 2
        }

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
