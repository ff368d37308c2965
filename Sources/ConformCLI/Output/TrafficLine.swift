import ConformHTTP
import ContractKit
import ContractReports

/// One line per exchange of traffic (`conform proxy`, `conform check`): its verdict, the request,
/// the status and time, the operation, and what broke on which side.
///
/// ```
/// FAIL POST /order → 201 (8 ms) placeOrder, exchange 3 (…): client request_schema_conformance: /menuIds: … (+1 more)
/// ```
enum TrafficLine {
    static func render(_ result: CaseResult, console: Console) -> String {
        let label = ProgressPrinter.outcomeLabel(result.outcome, console: console)
        let target = result.request?.target ?? result.path
        var text = "\(label) \(result.method) \(safe(target))"
        if let status = result.response?.status { text += " → \(status)" }
        if result.outcome != .skipped { text += " (\(Int(result.duration.milliseconds.rounded())) ms)" }
        text += " \(safe(result.endpointID)), \(safe(result.name))"
        if let first = result.findings.first {
            let side = first.check.side == .request ? "client" : "server"
            text += ": \(side) \(first.check.rawValue): \(safe(first.message))"
            if result.findings.count > 1 { text += " (+\(result.findings.count - 1) more)" }
        } else if let reason = result.reason {
            text += ": \(safe(reason))"
        }
        return text
    }

    private static func safe(_ text: String) -> String {
        TerminalText.escapingControlCharacters(ReportFormatting.clipped(text, limit: 300))
    }
}
