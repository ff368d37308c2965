import ContractKit

/// Where the reports of a run go: one path per ``ReportFormat``, `Reports/<contract stem>.<suffix>`
/// (or `<contract stem>.<command>.<suffix>`) unless the user named a file, so that runs of several
/// contracts in one job never overwrite each other.
public struct ReportPaths: Sendable, Hashable {
    /// The path of each format, keyed by ``ReportFormat/name``.
    public private(set) var byFormat: [String: String]

    /// - Parameters:
    ///   - contractFile: the contract's path; its file name without extension names the reports.
    ///   - reportsDirectory: the folder for reports whose path is not given.
    ///   - command: what produced the results (`run`, `fuzz`), put between the stem and the suffix
    ///     so both commands of one contract keep their reports; nil for none.
    ///   - explicit: paths the user gave, keyed by format name; they win over the defaults.
    ///   - formats: the formats to place.
    public init(
        contractFile: String, reportsDirectory: String = "Reports", command: String?,
        explicit: [String: String] = [:], formats: [any ReportFormat] = ReportFormats.all
    ) {
        var stem = Self.stem(of: contractFile)
        if let command, !command.isEmpty { stem += "." + command }
        func inFolder(_ name: String) -> String {
            if reportsDirectory.isEmpty { return name }
            return reportsDirectory.hasSuffix("/") ? reportsDirectory + name : reportsDirectory + "/" + name
        }
        var paths: [String: String] = [:]
        for format in formats {
            paths[format.name] = explicit[format.name] ?? inFolder("\(stem).\(format.fileSuffix)")
        }
        byFormat = paths
    }

    /// The three formats by name, for callers that name each path.
    public init(
        contractFile: String, reportsDirectory: String = "Reports", junit: String? = nil,
        markdown: String? = nil, json: String? = nil
    ) {
        var explicit: [String: String] = [:]
        explicit["junit"] = junit
        explicit["markdown"] = markdown
        explicit["json"] = json
        self.init(
            contractFile: contractFile, reportsDirectory: reportsDirectory, command: nil, explicit: explicit)
    }

    /// The path of `format`'s file, or nil when these paths were made without it.
    public func path(for format: any ReportFormat) -> String? {
        byFormat[format.name]
    }

    /// Every format with its path, in the order of ``ReportFormats/all``.
    public var files: [(format: any ReportFormat, path: String)] {
        ReportFormats.all.compactMap { format in path(for: format).map { (format, $0) } }
    }

    /// The JUnit XML file.
    public var junit: String {
        get { byFormat["junit"] ?? "" }
        set { byFormat["junit"] = newValue }
    }
    /// The Markdown summary.
    public var markdown: String {
        get { byFormat["markdown"] ?? "" }
        set { byFormat["markdown"] = newValue }
    }
    /// The JSON results.
    public var json: String {
        get { byFormat["json"] ?? "" }
        set { byFormat["json"] = newValue }
    }

    /// `contracts/coffee-shop.json` → `coffee-shop`; `contract` when nothing is left. A description
    /// given by URL is named after its last path component (``DescriptionFetcher/stem(of:)``).
    static func stem(of path: String) -> String {
        if let stem = DescriptionFetcher.stem(of: path) { return stem }
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            return name.isEmpty ? "contract" : name
        }
        return String(name[..<dot])
    }
}
