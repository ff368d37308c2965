/// Conform's version: sent as the `User-Agent` of every request and written into results and
/// reports, so a report can always be traced to the build that made it.
public enum ConformVersion {
    /// The released version, `major.minor.patch`.
    public static let current = "0.1.0"
}
