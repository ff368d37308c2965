public import ContractKit
import JSONSchema

/// The versioned JSON results (``ResultsJSON``) that `diff` and `merge` read back.
public struct JSONResultsFormat: ReportFormat {
    public init() {}
    public var name: String { "json" }
    public var fileSuffix: String { "json" }

    public func render(_ result: RunResult, activity: String?) -> String {
        JSONSerializer(style: .pretty).string(ResultsJSON.encode(result)) + "\n"
    }
}
