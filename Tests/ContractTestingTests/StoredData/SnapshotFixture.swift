import ContractTesting
import Foundation
import Testing

/// A snapshot folder of its own in the temporary directory, removed when the test ends.
final class SnapshotFixture: Sendable {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-stored-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Writes `text` as the snapshot `name`.
    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }

    /// The text of the snapshot `name`, nil when there is none.
    func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: directory.appendingPathComponent(name).path).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// The snapshot names, sorted.
    var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    /// The check of this folder, with the given coders and no recording asked from outside.
    func stored(
        decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder(),
        acceptingLosses: [String] = [], environment: [String: String] = [:]
    ) -> StoredData {
        StoredData(
            directory.path, decoder: decoder, encoder: encoder, acceptingLosses: acceptingLosses,
            environment: environment)
    }

    /// The issue texts of checking `type` against the folder.
    func issues<Model: Codable>(
        _ type: Model.Type, decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder()
    ) -> [String] {
        stored(decoder: decoder, encoder: encoder).check(type).issues.map(\.description)
    }

    /// The file as an issue names it.
    func shown(_ name: String) -> String { "`\(directory.path)/\(name)`" }
}
