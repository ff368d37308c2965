public import ContractKit

/// JUnit XML (``JUnitReport``), the test report every CI system shows.
public struct JUnitFormat: ReportFormat {
    public init() {}
    public var name: String { "junit" }
    public var fileSuffix: String { "junit.xml" }

    public func render(_ result: RunResult, activity: String?) -> String {
        JUnitReport.render(result)
    }
}
