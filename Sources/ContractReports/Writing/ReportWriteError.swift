/// Why a report could not be written, naming the file and what the system said.
public enum ReportWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The folder for the report could not be created.
    case cannotCreateFolder(path: String, reason: String)
    /// The temporary file beside the report could not be written (disk full, permissions).
    case cannotWrite(path: String, reason: String)
    /// The finished temporary file could not be renamed over the report.
    case cannotReplace(path: String, reason: String)
    /// The report path names a folder.
    case isFolder(path: String)

    public var description: String {
        switch self {
        case .cannotCreateFolder(let path, let reason):
            return
                "cannot create the folder \(path) for a report: \(reason); check the path and its permissions"
        case .cannotWrite(let path, let reason):
            return "cannot write the report \(path): \(reason); check free space and permissions"
        case .cannotReplace(let path, let reason):
            return
                "cannot put the report in place at \(path): \(reason); the previous file, if any, is unchanged"
        case .isFolder(let path):
            return "cannot write the report to \(path): it is a folder; give a file name"
        }
    }
}
