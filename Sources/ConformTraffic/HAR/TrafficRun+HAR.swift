import ConformHTTP
public import ContractKit
public import Foundation

extension TrafficRun {
    /// Judges every entry of `files`, in order, and returns the run's results: the entries under
    /// `scope` (every entry when nil) by ``TrafficChecker``, the others (another origin, an entry
    /// that could not be read) kept as skipped with their reason, never dropped. The run starts at
    /// the earliest entry and lasts the sum of the exchanges' durations.
    ///
    /// - Parameters:
    ///   - scope: the base URL entries must be under (`--base-url`); nil checks every entry.
    ///   - progress: called with each verdict, in order.
    public func check(_ files: [HARFile], scope: APIBase?, progress: (CaseResult) -> Void) -> RunResult {
        var earliest: Date?
        var total = Duration.zero
        for file in files {
            let prefix = files.count > 1 ? "\(URL(fileURLWithPath: file.path).lastPathComponent) " : ""
            for entry in file.entries {
                let result = verdict(on: entry, prefix: prefix, scope: scope)
                if let started = entry.exchange?.startedAt, started.timeIntervalSince1970 > 0 {
                    earliest = min(earliest ?? started, started)
                }
                total += result.duration
                progress(result)
            }
        }
        return result(startedAt: earliest ?? Date(), duration: total)
    }

    private func verdict(on entry: HARFile.Entry, prefix: String, scope: APIBase?) -> CaseResult {
        let name =
            prefix
            + "entry \(entry.index) (\(entry.startedText.isEmpty ? "no start time" : entry.startedText))"
        guard var exchange = entry.exchange else {
            return skip(name: name, method: "", path: "", reason: entry.problem ?? "unreadable entry")
        }
        exchange.name = prefix + exchange.name
        if let scope, !scope.contains(url: exchange.request.url) {
            let origin = APIBase(url: exchange.request.url).origin
            return skip(
                name: name, method: exchange.request.method, path: exchange.request.path,
                reason: "outside --base-url (\(origin ?? exchange.request.url))")
        }
        return check(exchange)
    }
}
