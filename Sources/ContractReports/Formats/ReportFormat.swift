public import ContractKit

/// One file format a run's results are written in: JUnit XML, Markdown, JSON results.
///
/// Each format is one small type conforming to this protocol, and ``ReportFormats/all`` lists them
/// once: the report paths, the writer and the CLI's summary line all walk that list, so adding a
/// format is a new type and one line in the list, with nothing else to change.
public protocol ReportFormat: Sendable {
    /// A short stable name (`junit`, `markdown`, `json`): the key of the format's path in
    /// ``ReportPaths`` and the name of the option that sets it explicitly.
    var name: String { get }

    /// What the file name ends with after `<contract>.<command>.`, such as `junit.xml`.
    var fileSuffix: String { get }

    /// The whole file for `result`.
    ///
    /// - Parameters:
    ///   - result: the run to report.
    ///   - activity: what produced it (`run`, `fuzz`, `merge`), for formats that say so.
    func render(_ result: RunResult, activity: String?) -> String
}
