/// An operation of a description Conform did not write that could not be loaded, left out so the
/// rest of the API is still tested.
///
/// A description someone else wrote (OpenAPI 3.0/3.1, Swagger 2.0) loads part by part: a defect
/// that breaks one operation drops that operation only, with a warning at its place in the file.
/// The operation is still named in the coverage table and in every report, with the reason, so a
/// gate never looks greener than it is. A contract written for Conform has none: its errors refuse
/// the whole contract, as `conform lint` is its gate.
public struct SkippedOperation: Sendable, Hashable {
    /// The endpoint id the operation would have had (`getPet`, `get_etag_etag`).
    public var endpointID: String
    /// Upper-case HTTP method.
    public var method: String
    /// The path template as the description writes it.
    public var path: String
    /// The operation's tags, so `--only` and `--skip` by tag choose it as they would have.
    public var tags: [String]
    /// Why it was left out, worded for the description's author (`path "/a/{b" has an unclosed
    /// placeholder`).
    public var reason: String
    /// Where the defect stands, as `file:line:column` when known.
    public var location: String?

    public init(
        endpointID: String, method: String, path: String, tags: [String] = [], reason: String,
        location: String? = nil
    ) {
        self.endpointID = endpointID
        self.method = method
        self.path = path
        self.tags = tags
        self.reason = reason
        self.location = location
    }

    /// `skipped: <reason>`, the text the coverage table and the reports show.
    public var summary: String { "skipped: \(reason)" }
}

extension Selection {
    /// Whether this selection would have run `operation`: kept by `--only`/`--skip` (by id or tag),
    /// and counted in the first shard only, so the shards of a CI matrix name it once.
    public func wouldRun(_ operation: SkippedOperation) -> Bool {
        if let shard, shard.index != 1 { return false }
        let names = Set([operation.endpointID] + operation.tags)
        if !only.isEmpty && names.isDisjoint(with: only) { return false }
        return names.isDisjoint(with: skip)
    }
}
