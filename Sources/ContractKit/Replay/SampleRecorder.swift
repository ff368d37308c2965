public import ConformHTTP
import Foundation

/// Saves response bodies (`--record DIR`) as samples for the client-model corpus:
/// `DIR/<endpointId>/<status>-<example>.json` (`conform proxy --record` names a sample after its
/// exchange). Secret values are scrubbed from the text.
package struct SampleRecorder {
    package let directory: String
    package let redaction: Redaction

    package init(directory: String, redaction: Redaction) {
        self.directory = directory
        self.redaction = redaction
    }

    /// Saves `response` (whole, not the kept head) with every secret value masked, JSON or not.
    package func record(_ response: HTTPResponse, of result: CaseResult, secrets: [String]) {
        guard !response.body.isEmpty else { return }
        let folder = URL(fileURLWithPath: directory).appendingPathComponent(Self.slug(result.endpointID))
        let isJSON = response.header("Content-Type").map(MediaType.isJSON) ?? false
        let fileExtension = isJSON ? "json" : "bin"
        let file = folder.appendingPathComponent(
            "\(response.status)-\(Self.slug(result.name)).\(fileExtension)")
        let data = Data(redaction.scrub(response.body, secrets: secrets + redaction.secretValues))
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
    }

    /// A file-name-safe form of a name: letters, digits and dashes.
    static func slug(_ name: String) -> String {
        let mapped = name.map { $0.isLetter || $0.isNumber ? $0 : "-" }
        let collapsed = String(mapped).split(separator: "-").joined(separator: "-")
        return collapsed.isEmpty ? "sample" : String(collapsed.prefix(80))
    }
}
