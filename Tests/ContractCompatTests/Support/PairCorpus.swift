import ContractCompat
import Foundation
import JSONSchema
import Testing

/// One version pair of the corpus in `Fixtures/pairs-*.yaml`, with the verdict and the rule it must
/// produce.
struct PairCase: Sendable, CustomTestStringConvertible {
    var name: String
    /// The template slots of each side, or nil when the side is a file.
    var oldSlots: JSONObject? = nil
    var newSlots: JSONObject? = nil
    var oldFile: String? = nil
    var newFile: String? = nil
    var breaking: Bool
    /// The rule that must be named; nil when no change at all is expected (`rule: none`).
    var rule: String? = nil
    var also: [String] = []
    var level: String? = nil
    var side: String? = nil
    var pointer: String? = nil
    var file: String? = nil
    var position: String? = nil
    /// Text the message (or its Codable effect) must contain.
    var message: String? = nil
    var clients: CompatClients

    var testDescription: String { name }
}

enum PairCorpus {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// Every pair of every `pairs-*.yaml` file, in file order.
    static let cases: [PairCase] = [
        "pairs-request", "pairs-response", "pairs-operation", "pairs-documents", "pairs-values",
    ]
    .flatMap(
        load)

    private static func load(_ name: String) -> [PairCase] {
        let url = folder.appendingPathComponent(name + ".yaml")
        guard let data = FileManager.default.contents(atPath: url.path),
            let value = try? DocumentReader.parse(Array(data), file: url.path), let entries = value.arrayValue
        else {
            return [PairCase(name: "\(name).yaml cannot be read", breaking: true, clients: .any)]
        }
        return entries.map(pair)
    }

    private static func pair(_ entry: JSONValue) -> PairCase {
        let rule = entry["rule"]?.stringValue
        return PairCase(
            name: entry["name"]?.stringValue ?? "unnamed", oldSlots: entry["old"]?.objectValue,
            newSlots: entry["new"]?.objectValue, oldFile: entry["oldFile"]?.stringValue,
            newFile: entry["newFile"]?.stringValue, breaking: entry["breaking"]?.boolValue ?? true,
            rule: rule == "none" ? nil : rule,
            also: entry["also"]?.arrayValue?.compactMap(\.stringValue) ?? [],
            level: entry["level"]?.stringValue, side: entry["side"]?.stringValue,
            pointer: entry["pointer"]?.stringValue,
            file: entry["file"]?.stringValue, position: entry["position"]?.stringValue,
            message: entry["message"]?.stringValue,
            clients: entry["clients"]?.stringValue.flatMap(CompatClients.init(rawValue:)) ?? .any)
    }

    /// Compares the pair's two sides.
    static func report(_ pair: PairCase) throws -> CompatReport {
        let check = CompatCheck(options: CompatOptions(clients: pair.clients))
        return check.compare(
            try side(pair.oldSlots, pair.oldFile, "old"), try side(pair.newSlots, pair.newFile, "new"))
    }

    private static func side(_ slots: JSONObject?, _ file: String?, _ name: String) throws
        -> LoadedDescription
    {
        if let file {
            return try DescriptionLoader.load(.file(folder.appendingPathComponent(file).path))
        }
        let document = PairDocument.document(slots ?? JSONObject())
        return try DescriptionLoader.load(
            bytes: Array(JSONSerializer(style: .pretty).string(document).utf8), name: "\(name).json")
    }
}
