/// Where the reports of a run go: `Reports/<contract stem>.junit.xml`, `.md` and `.json` unless
/// the user named a file, so that runs of several contracts in one job never overwrite each other.
public struct ReportPaths: Sendable, Hashable {
    /// The JUnit XML file.
    public var junit: String
    /// The Markdown summary.
    public var markdown: String
    /// The JSON results.
    public var json: String

    /// - Parameters:
    ///   - contractFile: the contract's path; its file name without extension names the reports.
    ///   - reportsDirectory: the folder for reports whose path is not given.
    ///   - junit, markdown, json: explicit paths that win over the defaults.
    public init(
        contractFile: String, reportsDirectory: String = "Reports", junit: String? = nil,
        markdown: String? = nil,
        json: String? = nil
    ) {
        let stem = Self.stem(of: contractFile)
        func inFolder(_ name: String) -> String {
            if reportsDirectory.isEmpty { return name }
            return reportsDirectory.hasSuffix("/") ? reportsDirectory + name : reportsDirectory + "/" + name
        }
        self.junit = junit ?? inFolder("\(stem).junit.xml")
        self.markdown = markdown ?? inFolder("\(stem).md")
        self.json = json ?? inFolder("\(stem).json")
    }

    /// `contracts/coffee-shop.json` → `coffee-shop`; `contract` when nothing is left.
    static func stem(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            return name.isEmpty ? "contract" : name
        }
        return String(name[..<dot])
    }
}
