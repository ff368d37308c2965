/// The formats every command that produces results writes.
public enum ReportFormats {
    /// Every format, in the order their paths are printed.
    public static let all: [any ReportFormat] = [JUnitFormat(), MarkdownFormat(), JSONResultsFormat()]

    /// The format called `name`, if there is one.
    public static func named(_ name: String) -> (any ReportFormat)? {
        all.first { $0.name == name }
    }
}
