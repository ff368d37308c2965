import Foundation
import JSONSchema

/// The line format between `CrashIsolation`'s parent and child: payloads in, outcomes out.
///
/// Plain lines with base64 fields survive any byte in a payload or message, and a line written
/// with one `write(2)` is either wholly in the file or not at all when the child dies.
enum IsolationWire {
    static func writePayloads(_ payloads: [[UInt8]], to url: URL) throws {
        let text = payloads.map { Data($0).base64EncodedString() }.joined(separator: "\n")
        try Data(text.utf8).write(to: url)
    }

    static func readPayloads(atPath path: String) -> [[UInt8]] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .compactMap { Data(base64Encoded: String($0)).map(Array.init) }
    }

    /// One outcome as the fields after `R <index>`.
    static func encode(_ outcome: DecodeOutcome) -> String {
        switch outcome {
        case .decoded(let reencoded):
            return "D " + (reencoded.map { Data($0).base64EncodedString() } ?? "-")
        case .threw(let pointer, let message):
            return "T " + base64(pointer.description) + " " + base64(message)
        case .crashed(let status):
            return "C " + base64(status)
        case .hung(let seconds):
            return "X \(seconds)"
        case .isolationFailed(let reason):
            return "F " + base64(reason)
        }
    }

    /// The outcome on a child's `R <batch> <index> …` line for `batch`; nil for any other line.
    static func result(_ line: String, batch: Int) -> DecodeOutcome? {
        let fields = line.split(separator: " ").map(String.init)
        guard fields.count >= 4, fields[0] == "R", fields[1] == String(batch) else { return nil }
        return decode(Array(fields.dropFirst(3)))
    }

    private static func decode(_ fields: [String]) -> DecodeOutcome {
        switch fields.first {
        case "D":
            let reencoded =
                fields.count > 1 && fields[1] != "-" ? Data(base64Encoded: fields[1]).map(Array.init) : nil
            return .decoded(reencoded: reencoded)
        case "T":
            let pointer = fields.count > 1 ? JSONPointer(text(fields[1])) ?? .root : .root
            return .threw(pointer: pointer, message: fields.count > 2 ? text(fields[2]) : "")
        default:
            return .isolationFailed(reason: "unreadable child output: \(fields.joined(separator: " "))")
        }
    }

    private static func base64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }

    private static func text(_ base64: String) -> String {
        Data(base64Encoded: base64).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
