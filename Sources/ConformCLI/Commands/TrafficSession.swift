import ConformHTTP
import ContractKit
import Foundation

/// The entries of HAR files checked as one run of `conform check`: those under `--base-url`
/// judged by ``TrafficChecker``, the others (another origin, an unreadable entry) listed as skipped
/// with their reason, never dropped.
struct TrafficSession {
    let contract: Contract
    let options: CheckCommand.Arguments

    /// The origin-and-path prefix an entry's URL must start with, when `--base-url` was given.
    private var scope: String? {
        options.baseURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
    }

    private var checker: TrafficChecker {
        let base = options.baseURL ?? contract.baseURL ?? ""
        let basePath = URLComponents(string: base)?.percentEncodedPath ?? ""
        return TrafficChecker(
            contract: contract, basePath: basePath, maximumBodyBytes: options.maximumBodyBytes,
            redaction: options.redaction)
    }

    /// Checks every entry of `files`, in order, calling `progress` with each verdict.
    func check(_ files: [HARFile], progress: (CaseResult) -> Void) -> RunResult {
        let checker = checker
        var cases: [CaseResult] = []
        var earliest: Date?
        for file in files {
            let prefix = files.count > 1 ? "\(URL(fileURLWithPath: file.path).lastPathComponent) " : ""
            for entry in file.entries {
                let result = verdict(on: entry, prefix: prefix, checker: checker)
                if let started = entry.exchange?.startedAt, started.timeIntervalSince1970 > 0 {
                    earliest = min(earliest ?? started, started)
                }
                progress(result)
                cases.append(result)
            }
        }
        let total = cases.reduce(Duration.zero) { $0 + $1.duration }
        return RunResult(
            contractName: contract.name, contractVersion: contract.version, contractFile: contract.file,
            baseURL: options.baseURL ?? files.map(\.path).joined(separator: ", "),
            startedAt: earliest ?? Date(),
            duration: total, cases: cases, toolVersion: ConformVersion.current,
            coverage: checker.coverage(of: cases), skippedOperations: contract.skippedOperations)
    }

    private func verdict(on entry: HARFile.Entry, prefix: String, checker: TrafficChecker) -> CaseResult {
        let name =
            prefix
            + "entry \(entry.index) (\(entry.startedText.isEmpty ? "no start time" : entry.startedText))"
        guard var exchange = entry.exchange else {
            return skipped(name: name, method: "", path: "", reason: entry.problem ?? "unreadable entry")
        }
        exchange.name = prefix + exchange.name
        if let scope, !Self.url(exchange.request.url, isUnder: scope) {
            let origin = URLComponents(string: exchange.request.url).map {
                "\($0.scheme ?? "")://\($0.host ?? "")"
            }
            return skipped(
                name: name, method: exchange.request.method, path: exchange.request.path,
                reason: "outside --base-url (\(origin ?? exchange.request.url))")
        }
        return checker.check(exchange)
    }

    /// Whether `url` is `scope` or below it (`https://api.test/v1` holds `…/v1/menu`, not `…/v10`).
    static func url(_ url: String, isUnder scope: String) -> Bool {
        guard url.lowercased().hasPrefix(scope.lowercased()) else { return false }
        let rest = url.dropFirst(scope.count)
        return rest.isEmpty || rest.hasPrefix("/") || rest.hasPrefix("?")
    }

    private func skipped(name: String, method: String, path: String, reason: String) -> CaseResult {
        let id = TrafficChecker.unmatchedEndpointID
        return CaseResult(
            id: "\(id)/\(name)", endpointID: id, name: name, method: method, path: path, outcome: .skipped,
            reason: reason)
    }
}
