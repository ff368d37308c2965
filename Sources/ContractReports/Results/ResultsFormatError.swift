/// Why a JSON document could not be read as Conform results, with the place in it to look at.
public enum ResultsFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The document is not Conform results at all (no `conformResults` member).
    case notResults
    /// The document was written by a newer or unknown format version.
    case unsupportedVersion(Int)
    /// A required member is absent.
    case missing(path: String)
    /// A member has the wrong JSON type.
    case wrongType(path: String, expected: String)
    /// A member has the right type but a value the format does not allow.
    case invalidValue(path: String, reason: String)

    public var description: String {
        switch self {
        case .notResults:
            return "not a Conform results file: the top-level object has no \"conformResults\" member"
        case .unsupportedVersion(let version):
            return "results format version \(version) is not supported (this Conform reads version "
                + "\(ResultsJSON.formatVersion)); use the Conform release that wrote the file"
        case .missing(let path):
            return "results file is missing \(path)"
        case .wrongType(let path, let expected):
            return "results file has the wrong type at \(path): expected \(expected)"
        case .invalidValue(let path, let reason):
            return "results file has an invalid value at \(path): \(reason)"
        }
    }
}
