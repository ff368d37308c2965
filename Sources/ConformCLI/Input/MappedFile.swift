#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A regular file mapped read-only, for `conform validate` to validate while reading it.
///
/// Read into memory, a 25 MB document is 25 MB resident for the whole run, beside the runtime's
/// own 28 MB: over the twice-the-document peak docs/benchmarks.md promises. Mapped, its pages
/// come from the page cache as the reading reaches them, and `dropPages(before:)` hands back the
/// ones it has passed (they read the same if touched again), so only a window stays resident.
final class MappedFile {
    let bytes: UnsafeRawBufferPointer
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// The file at `path` mapped, or nil when it cannot be (absent, not a regular file, empty,
    /// unreadable): the caller reads it the usual way and says why.
    init?(path: String) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0
        else { return nil }
        let count = Int(status.st_size)
        guard let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED
        else { return nil }
        _ = madvise(address, count, MADV_SEQUENTIAL)
        bytes = UnsafeRawBufferPointer(start: address, count: count)
    }

    deinit {
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }

    /// Lets the system drop the pages wholly before `offset` from this process's memory: all of
    /// them each time, since the reading touches a few again (the keys of objects still open,
    /// compared when the object closes), and a touch maps back more than the page it reads.
    func dropPages(before offset: Int) {
        let end = offset / Self.pageSize * Self.pageSize
        guard end > 0, let base = bytes.baseAddress else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base), end, MADV_DONTNEED)
    }
}
