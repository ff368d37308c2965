import ContractKit
import Foundation

/// Picks the declared content type a request's `Accept` prefers, so the mock never answers with a
/// type the operation does not declare.
enum ContentNegotiation {
    /// The best declared type for `accept` (quality, then specificity); among equally good ones the
    /// type the path's file extension names (`.jpg` → `image/jpeg`), else the first declared.
    static func choose(_ declared: [String], accept: String?, path: String) -> String? {
        guard !declared.isEmpty else { return nil }
        let ranges = parse(accept ?? "*/*")
        let scored = declared.map { type in (type, quality(of: type, in: ranges)) }
        let best = scored.map(\.1).max() ?? 0
        let candidates = best > 0 ? scored.filter { $0.1 == best }.map(\.0) : declared
        guard candidates.count > 1 else { return candidates.first }
        let lowered = path.lowercased()
        let byExtension: [(String, String)] = [
            (".jpg", "image/jpeg"), (".jpeg", "image/jpeg"), (".png", "image/png"),
            (".xml", "application/xml"),
            (".json", "application/json"),
        ]
        for (suffix, type) in byExtension where lowered.hasSuffix(suffix) {
            if let match = candidates.first(where: { MediaType.essence($0) == type }) { return match }
        }
        return candidates.first { MediaType.isJSON($0) } ?? candidates.first
    }

    private struct Range {
        var type: String
        var quality: Double
    }

    private static func parse(_ accept: String) -> [Range] {
        accept.split(separator: ",").compactMap { item in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let type = parts.first?.lowercased(), !type.isEmpty else { return nil }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 1
            }
            return Range(type: type, quality: quality)
        }
    }

    /// The quality of the most specific range that covers `type`; 0 when none does.
    private static func quality(of type: String, in ranges: [Range]) -> Double {
        let essence = MediaType.essence(type)
        let major = essence.split(separator: "/").first.map(String.init) ?? essence
        if let exact = ranges.first(where: { $0.type == essence }) { return exact.quality }
        if let family = ranges.first(where: { $0.type == "\(major)/*" }) { return family.quality * 0.99 }
        if let any = ranges.first(where: { $0.type == "*/*" || $0.type == "*" }) { return any.quality * 0.98 }
        return 0
    }
}
