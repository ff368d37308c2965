extension Array {
    /// Whether both arrays are views of one buffer (a copy nobody has written to since), and so
    /// equal without looking at their elements: copies of one document, such as a contract handed
    /// to the mock, the replayer and the checks, then compare in constant time.
    func sharesStorage(with other: [Element]) -> Bool {
        count == other.count
            && withUnsafeBufferPointer { mine in
                other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
            }
    }
}
