import ContractKit
import ContractReports
import Foundation
import JSONSchema

/// Writes the three reports of a run (JUnit XML, Markdown, JSON results) and, in GitHub Actions,
/// appends the Markdown to the job summary.
struct ReportOutput {
    var paths: ReportPaths

    /// What produced the results (`run`, `fuzz`), in the default file names and the Markdown verdict.
    var activity: String?

    /// Where the reports of `run` and `fuzz` go, as given on the command line.
    struct Arguments: Sendable {
        var folder: String
        var junit: String?
        var markdown: String?
        var json: String?

        init(_ parsed: ParsedArguments) throws(ArgumentError) {
            folder = try parsed.value(of: ReportOutput.reportsDirectory)
            junit = try parsed.value(of: ReportOutput.junit)
            markdown = try parsed.value(of: ReportOutput.markdown)
            json = try parsed.value(of: ReportOutput.json)
        }
    }

    static let reportsDirectory = Option<String>.text(
        "reports-dir", valueName: "dir", help: "Folder for the reports whose path is not given.",
        default: "Reports")
    static let junit = Option<String?>.text(
        "junit", valueName: "path",
        help: "JUnit XML report (default: <reports-dir>/<contract>.<command>.junit.xml).")
    static let markdown = Option<String?>.text(
        "markdown", valueName: "path",
        help: "Markdown report (default: <reports-dir>/<contract>.<command>.md).")
    static let json = Option<String?>.text(
        "json", valueName: "path",
        help: "JSON results for diff and merge (default: <reports-dir>/<contract>.<command>.json).")

    /// The report options every command that produces results shares, in help order.
    static let declarations = [
        reportsDirectory.declaration, junit.declaration, markdown.declaration, json.declaration,
    ]

    init(paths: ReportPaths, activity: String? = nil) {
        self.paths = paths
        self.activity = activity
    }

    /// The paths of a command's reports: the explicit ones, else `<reports-dir>/<contract>.<command>.*`
    /// (``ReportPaths``' rule), so `run` and `fuzz` of several contracts never overwrite each other's.
    init(contractFile: String, command: String, arguments: Arguments) {
        var explicit: [String: String] = [:]
        explicit["junit"] = arguments.junit
        explicit["markdown"] = arguments.markdown
        explicit["json"] = arguments.json
        paths = ReportPaths(
            contractFile: contractFile, reportsDirectory: arguments.folder, command: command,
            explicit: explicit)
        activity = command
    }

    /// The closing steps of a command that produced results: writes the reports, says when the
    /// target was unreachable for every `unit` (`case`, `request`, `exchange`), and returns the
    /// exit code of the verdict (2 when it passed but a report could not be written).
    ///
    /// - Parameter written: false when something else the command writes (a HAR file) failed.
    func close(
        _ result: RunResult, console: Console, environment: [String: String], quiet: Bool,
        secrets: [String] = [], unit: String, written: Bool = true
    ) -> ExitCode {
        let reports = write(
            result, console: console, environment: environment, quiet: quiet, secrets: secrets)
        if result.verdict == .unreachable {
            console.err("error: \(result.baseURL) was unreachable for every \(unit)")
        }
        return ReportClosing.exitCode(ExitCode(result.verdict), written: reports && written)
    }

    /// Writes every report; returns false (after saying why) when one could not be written.
    ///
    /// `secrets` are masked in every report, whatever field they reached.
    func write(
        _ result: RunResult, console: Console, environment: [String: String], quiet: Bool,
        secrets: [String] = []
    ) -> Bool {
        let secrets = secrets.filter { !$0.isEmpty }
        let redaction = Redaction(secretValues: secrets)
        func masked(_ text: String) -> String {
            secrets.isEmpty ? text : redaction.scrub(text, secrets: secrets)
        }
        let rendered = paths.files.map {
            (format: $0.format, path: $0.path, text: masked($0.format.render(result, activity: activity)))
        }
        let markdown = rendered.first { $0.format is MarkdownFormat }?.text
        let ok = ReportClosing(console: console, environment: environment).write(
            rendered.map { ($0.path, $0.text) }, jobSummary: markdown, fullReport: paths.markdown)
        if ok && !quiet { console.err("Reports: \(paths.junit), \(paths.markdown), \(paths.json)") }
        return ok
    }

    /// Reads JSON results written by a run, with a message naming the file when it cannot.
    static func readResults(_ path: String) -> Result<RunResult, ResultsReadError> {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason =
                FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file"
            return .failure(ResultsReadError(message: "\(path): \(reason)"))
        }
        do {
            let value = try JSONParser.parse(Array(data))
            return .success(try ResultsJSON.decode(value))
        } catch let error as JSONParseError {
            return .failure(
                ResultsReadError(
                    message:
                        "\(path):\(error.position.line):\(error.position.column): not valid JSON: \(error.message)"
                ))
        } catch {
            return .failure(ResultsReadError(message: "\(path): not Conform results: \(error)"))
        }
    }

    struct ResultsReadError: Error {
        var message: String
    }
}
