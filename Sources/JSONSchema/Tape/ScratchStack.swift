#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A stack of plain values in one `realloc`ed allocation, for the streaming validator's per-value
/// bookkeeping: pushing and popping are a store and a count, where `Array` checks uniqueness and
/// `removeSubrange` goes through its general replacement.
///
/// The owner calls `release()` once, when the walk is over.
struct ScratchStack<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(16, capacity)
        base = Self.reallocated(nil, capacity: self.capacity)
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Appends `count` elements from `source`.
    @inline(__always)
    mutating func append(_ source: UnsafePointer<Element>, count added: Int) {
        while count + added > capacity { grow() }
        (base + count).initialize(from: source, count: added)
        count += added
    }

    @inline(__always)
    mutating func truncate(to count: Int) { self.count = count }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    func release() { free(base) }

    private mutating func grow() {
        capacity *= 2
        base = Self.reallocated(base, capacity: capacity)
    }

    private static func reallocated(_ pointer: UnsafeMutablePointer<Element>?, capacity: Int)
        -> UnsafeMutablePointer<Element>
    {
        guard let raw = realloc(pointer, capacity * MemoryLayout<Element>.stride) else {
            fatalError("out of memory for \(capacity) entries of the streaming validator")
        }
        return raw.bindMemory(to: Element.self, capacity: capacity)
    }
}
