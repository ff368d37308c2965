public import ContractKit

/// The Markdown summary (``MarkdownReport``) for a CI job summary or a pull-request comment.
public struct MarkdownFormat: ReportFormat {
    public init() {}
    public var name: String { "markdown" }
    public var fileSuffix: String { "md" }

    /// A replay is the default activity, so its verdict line names only the contract.
    public func render(_ result: RunResult, activity: String?) -> String {
        MarkdownReport.render(result, activity: activity == "run" ? nil : activity)
    }
}
