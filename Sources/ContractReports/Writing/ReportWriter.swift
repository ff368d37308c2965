import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes report files so that readers only ever see a whole file.
///
/// CI uploads whatever is in `Reports/` even when a run is cancelled; a half-written JUnit file
/// fails the upload step and hides the real result. The text goes to a temporary file in the
/// same folder (so the rename stays on one file system) and is renamed over the target, which
/// POSIX makes atomic: the target holds the old content or the new, never a part.
public enum ReportWriter {
    /// Writes `text` as UTF-8 to `path`, creating missing parent folders.
    public static func write(_ text: String, to path: String) throws(ReportWriteError) {
        let target = URL(fileURLWithPath: path)
        let folder = target.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        {
            throw .isFolder(path: path)
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateFolder(path: folder.path, reason: describe(error))
        }
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try Data(text.utf8).write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .cannotWrite(path: path, reason: describe(error))
        }
        guard rename(temporary.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw .cannotReplace(path: path, reason: reason)
        }
    }

    private static func describe(_ error: any Error) -> String {
        (error as NSError).localizedDescription
    }
}
