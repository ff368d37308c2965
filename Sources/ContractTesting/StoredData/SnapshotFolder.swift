import Foundation
import JSONSchema

/// The folder of one model's snapshots: one JSON file per shipped app version (`v1.json`,
/// `v2.json`), and, when a version recorded several values, `v2-2.json`, `v2-3.json` beside it.
///
/// Any other `.json` file put there (a value copied from a device) is a snapshot too, its own
/// version. Files are listed oldest version first, in natural order (`v2` before `v10`).
struct SnapshotFolder {
    /// One snapshot file.
    struct File {
        let name: String
        /// The app version that wrote it: the name without `.json` and without a trailing `-<n>`.
        let version: String
        /// The path as the test named the folder, for messages.
        let display: String
        let bytes: [UInt8]
    }

    let directory: URL
    /// The folder as the test named it.
    let display: String

    /// Every snapshot, oldest version first.
    func files() -> [File] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .sorted(by: Self.fileOrder)
            .compactMap { name in
                guard
                    let data = FileManager.default.contents(
                        atPath: directory.appendingPathComponent(name).path)
                else { return nil }
                return File(
                    name: name, version: Self.version(ofFile: name), display: displayPath(name),
                    bytes: Array(data))
            }
    }

    /// The names a version's values are recorded under: `v2.json`, then `v2-2.json` …
    static func fileNames(version: String, count: Int) -> [String] {
        (0..<count).map { $0 == 0 ? "\(version).json" : "\(version)-\($0 + 1).json" }
    }

    /// Whether `version` can name a file: not empty, no path separator, not hidden.
    static func isValidVersion(_ version: String) -> Bool {
        !version.isEmpty && !version.contains("/") && !version.contains("\\") && !version.hasPrefix(".")
            && version != "*"
    }

    /// The version after `version`: `v3` after `v2`, `v2.1` after `v2` when no number ends it.
    static func nextVersion(after version: String) -> String {
        let digits = version.reversed().prefix { $0.isNumber }
        guard !digits.isEmpty, let number = Int(String(digits.reversed())) else { return version + ".1" }
        return version.dropLast(digits.count) + String(number + 1)
    }

    /// Writes `value` as pretty-printed JSON with sorted keys and a final newline: a plain file
    /// meant to be reviewed and committed, with a stable diff when it is re-recorded.
    func write(_ value: JSONValue, named name: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let text = JSONSerializer(style: .pretty).string(Self.sortingKeys(value)) + "\n"
        try Data(text.utf8).write(to: directory.appendingPathComponent(name), options: .atomic)
    }

    func displayPath(_ name: String) -> String {
        display.isEmpty ? name : (display.hasSuffix("/") ? display + name : display + "/" + name)
    }

    static func version(ofFile name: String) -> String {
        let stem = String(name.dropLast(".json".count))
        guard let dash = stem.lastIndex(of: "-"), dash != stem.startIndex else { return stem }
        let suffix = stem[stem.index(after: dash)...]
        return !suffix.isEmpty && suffix.allSatisfy(\.isNumber) ? String(stem[..<dash]) : stem
    }

    static func sortingKeys(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            return .object(
                JSONObject(object.members.sorted { $0.key < $1.key }.map { ($0.key, sortingKeys($0.value)) }))
        case .array(let elements): return .array(elements.map(sortingKeys))
        default: return value
        }
    }

    /// Oldest version first; within a version, `v2.json` before `v2-2.json` before `v2-10.json`.
    static func fileOrder(_ left: String, _ right: String) -> Bool {
        let (a, b) = (version(ofFile: left), version(ofFile: right))
        if a != b { return naturalOrder(a, b) }
        return left.count != right.count ? left.count < right.count : naturalOrder(left, right)
    }

    /// `v2` before `v10`: runs of digits compare as numbers.
    static func naturalOrder(_ left: String, _ right: String) -> Bool {
        let a = chunks(left)
        let b = chunks(right)
        for (x, y) in zip(a, b) where x != y {
            if let m = Int(x), let n = Int(y), m != n { return m < n }
            return x < y
        }
        return a.count < b.count
    }

    private static func chunks(_ text: String) -> [String] {
        var result: [String] = []
        for character in text {
            if let last = result.last, last.last?.isNumber == character.isNumber {
                result[result.count - 1].append(character)
            } else {
                result.append(String(character))
            }
        }
        return result
    }
}
