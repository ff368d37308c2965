import ContractReports
import Foundation

/// The closing steps every command that writes reports shares (`run`, `fuzz`, `proxy`, `check`,
/// `compat`): each report written atomically, the Markdown appended to the GitHub job summary,
/// and the verdict mapped to the exit code, where a report that could not be written turns a
/// passing verdict into exit 2 (a gate must not pass on results nobody can read).
struct ReportClosing {
    /// GitHub keeps at most 1 MiB of one step's job summary and drops the whole of a larger one.
    static let jobSummaryLimit = 1_048_576

    var console: Console
    var environment: [String: String]

    /// Writes each of `files`, then appends `jobSummary` (a Markdown report) to the job summary
    /// when `GITHUB_STEP_SUMMARY` names one. Returns false, after saying why, when a file could not
    /// be written.
    ///
    /// - Parameter fullReport: where the whole Markdown is, named when the summary must be cut.
    func write(_ files: [(path: String, text: String)], jobSummary: String?, fullReport: String? = nil)
        -> Bool
    {
        var ok = true
        for (path, text) in files {
            do {
                try ReportWriter.write(text, to: path)
            } catch {
                console.err("error: cannot write \(path): \(error)")
                ok = false
            }
        }
        if let jobSummary, let summary = environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty,
            let handle = FileHandle(forWritingAtPath: summary)
        {
            handle.seekToEndOfFile()
            handle.write(Data((Self.fitted(jobSummary, fullReport: fullReport) + "\n").utf8))
            try? handle.close()
        }
        return ok
    }

    /// `markdown` cut at a line boundary to fit the job summary, with a last line saying where the
    /// rest is; unchanged when it fits.
    static func fitted(_ markdown: String, fullReport: String?) -> String {
        let bytes = Array(markdown.utf8)
        guard bytes.count + 1 > jobSummaryLimit else { return markdown }
        let note =
            "\n\n_The job summary holds 1 MiB: the rest of this report is "
            + (fullReport.map { "in `\($0)`._" } ?? "in the Markdown report._")
        var end = jobSummaryLimit - note.utf8.count - 1
        while end > 0 && bytes[end - 1] != UInt8(ascii: "\n") { end -= 1 }
        return String(decoding: bytes[..<end], as: UTF8.self) + note
    }

    /// The exit code of a verdict whose reports were (or were not) all written.
    static func exitCode(_ verdict: ExitCode, written: Bool) -> ExitCode {
        verdict == .success && !written ? .usageOrContractError : verdict
    }
}
