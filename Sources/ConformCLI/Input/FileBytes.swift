#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(Glibc)
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    private let systemRead = Darwin.read
#endif

/// Reads a whole file straight into the byte array the readers take.
///
/// `FileManager.contents(atPath:)` returns `Data`, and turning that into `[UInt8]` copies it:
/// for a large document the process then holds it twice. `conform validate` promises a peak
/// memory of at most twice the document (docs/benchmarks.md), so it reads through here instead.
enum FileBytes {
    /// The file's bytes, or nil when it cannot be opened or read (a directory, no permission).
    static func read(atPath path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        let chunk = 1 << 16
        var bytes: [UInt8] = []
        // Room for the whole file and one more chunk, the read that finds its end: no regrowth.
        bytes.reserveCapacity(Int(status.st_size) + chunk)
        while true {
            let start = bytes.count
            var failed = false
            var added = 0
            bytes.append(contentsOf: repeatElement(0, count: chunk))
            bytes[start...].withUnsafeMutableBytes { buffer in
                var result: Int
                repeat {
                    result = systemRead(descriptor, buffer.baseAddress, chunk)
                } while result < 0 && errno == EINTR
                if result < 0 { failed = true } else { added = result }
            }
            bytes.removeLast(chunk - added)
            if failed { return nil }
            if added == 0 { return bytes }
        }
    }
}
