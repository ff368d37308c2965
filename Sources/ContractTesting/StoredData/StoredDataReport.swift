public import Testing

/// What checking a model against its stored-data snapshots found.
public struct StoredDataReport: Sendable, CustomStringConvertible {
    /// The model's type name.
    public var typeName: String
    /// The snapshot folder, as the test named it.
    public var folder: String
    /// The snapshot files checked, as the test names them, oldest version first.
    public var files: [String]
    /// Every problem, file by file.
    public var issues: [StoredDataIssue]

    /// Whether every snapshot loads without loss and nothing was recorded.
    public var passed: Bool { issues.isEmpty }

    /// The problems of `kind`.
    public func issues(_ kind: StoredDataIssue.Kind) -> [StoredDataIssue] {
        issues.filter { $0.kind == kind }
    }

    /// `TodoGroup: 2 snapshots in Snapshots/TodoGroup, 1 issue`.
    public var summary: String {
        let snapshots = "\(files.count) snapshot\(files.count == 1 ? "" : "s")"
        let count = issues.isEmpty ? "no issues" : "\(issues.count) issue\(issues.count == 1 ? "" : "s")"
        return "\(typeName): \(snapshots) in \(folder), \(count)"
    }

    /// The summary, then one line per issue.
    public var description: String { ([summary] + issues.map(\.description)).joined(separator: "\n") }

    /// Records one Swift Testing issue per problem, so each file and place is listed on its own.
    public func recordIssues(sourceLocation: SourceLocation = #_sourceLocation) {
        for issue in issues {
            Issue.record(Comment(rawValue: issue.description), sourceLocation: sourceLocation)
        }
    }
}
