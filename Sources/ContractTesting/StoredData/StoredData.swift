public import ContractFuzz
public import Foundation
import JSONSchema
public import Testing

/// Checks that data an app stored with old versions of a `Codable` model still loads with the
/// current one, from snapshots committed beside the tests.
///
/// An app that keeps its models in `UserDefaults` or a file through `JSONEncoder` reads them back
/// at the next launch: a renamed property, an `Int` that became a `String`, a new non-optional
/// property or a renamed enum case makes every stored value fail to load after an update. Each
/// app version that shipped leaves a snapshot of what it wrote (`v1.json`, `v2.json` …, plain
/// pretty-printed JSON with sorted keys); every test run decodes each one with the current model
/// and the app's own decoder, encodes it again with the app's encoder, and records one issue per
/// snapshot that no longer loads and per value lost on the way back:
///
/// ```swift
/// import ContractTesting
/// import Testing
///
/// let todoGroups = StoredData("Tests/TodoAppTests/Snapshots/TodoGroup", decoder: .todoApp, encoder: .todoApp)
///
/// @Test func storedTodoGroupsStillLoad() {
///     todoGroups.expectCompatible(TodoGroup.self, version: "v2", samples: [.groceries])
/// }
/// ```
///
/// `version:` names the file the current model writes: when `v2.json` is missing, the first run
/// records the samples' encoding there and fails once with "recorded, re-run", as snapshot
/// testing does; later runs fail when the model no longer writes what `v2.json` holds (a new
/// format is a new version: `version: "v3"`). `CONFORM_RECORD=1` re-records the current
/// version's file on purpose; older versions' files are never rewritten. Without samples, the
/// value is made up from the model's own `init(from:)` (see `docs/stored-data.md`).
///
/// `fuzz(_:cases:seed:)` goes further: it infers each version's format from its snapshots and
/// fuzzes the current model with the values that format allows.
public struct StoredData: Sendable {
    /// The snapshot folder, as given (relative to the package root, or absolute).
    public let folder: String
    /// The folder on disk.
    public let directory: URL
    /// Where decoding runs; nil decodes in this process (a trap ends the test run).
    public let isolation: CrashIsolation?
    /// JSON pointer patterns of values the model may lose on the way back (`/todos/*/legacyFlag`,
    /// `*` matching any one key or index): a property removed on purpose.
    public let acceptedLosses: [String]
    let coders: StoredCoders
    /// Whether `CONFORM_RECORD=1` asks to re-record the current version.
    let recordsAgain: Bool

    /// The environment variable that re-records the current version's snapshot (`1`).
    public static let recordVariable = "CONFORM_RECORD"

    /// - Parameters:
    ///   - folder: the snapshot folder, absolute or relative to the root of the package holding
    ///     the calling file (like `ContractSuite.named`), e.g. `Tests/AppTests/Snapshots/TodoGroup`.
    ///   - decoder: the decoder the app loads stored data with (its date, data and key strategies
    ///     are part of the stored format).
    ///   - encoder: the encoder the app stores data with.
    ///   - isolation: decode in a child process, so a model that traps or hangs on old data is an
    ///     issue instead of the end of the run; register the model with `register(_:)` there.
    ///   - acceptingLosses: pointer patterns of values the model may drop or change on purpose.
    ///   - environment: where `CONFORM_RECORD` is read; the process's environment by default.
    ///   - filePath: the calling file, whose package root relative paths start from; leave the default.
    public init(
        _ folder: String, decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder(),
        isolation: CrashIsolation? = nil, acceptingLosses: [String] = [],
        environment: [String: String]? = nil,
        filePath: String = #filePath
    ) {
        self.folder = folder
        directory = URL(fileURLWithPath: PackageRoot.resolve(folder, from: filePath))
        coders = StoredCoders(decoder: decoder, encoder: encoder)
        self.isolation = isolation
        acceptedLosses = acceptingLosses
        let value = (environment ?? ProcessInfo.processInfo.environment)[Self.recordVariable] ?? ""
        recordsAgain = value == "1" || value.lowercased() == "true"
    }

    /// Decodes every snapshot with `type`, encodes it again, and returns what no longer loads or
    /// is lost; with `version`, first records or compares the current version's file, and checks
    /// only that version's and older snapshots (an app never reads what a later one wrote).
    ///
    /// - Parameters:
    ///   - type: the current model.
    ///   - version: the app version the current model ships in (`"v2"`), which names its file
    ///     (`v2.json`; more samples go to `v2-2.json` …); nil checks every snapshot and records nothing.
    ///   - samples: values the current version stores, recorded as its snapshot; when empty, a
    ///     value is made up from the model's `init(from:)`.
    public func check<Model: Codable>(_ type: Model.Type, version: String? = nil, samples: [Model] = [])
        -> StoredDataReport
    {
        SnapshotCheck(stored: self, version: version, samples: samples).run()
    }

    /// `check(_:version:samples:)`, recording one Swift Testing issue per problem.
    ///
    /// - Returns: the report, for further expectations.
    @discardableResult
    public func expectCompatible<Model: Codable>(
        _ type: Model.Type, version: String? = nil, samples: [Model] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> StoredDataReport {
        let report = check(type, version: version, samples: samples)
        report.recordIssues(sourceLocation: sourceLocation)
        return report
    }

    /// Makes `type` decodable in the crash-isolation child, for snapshots and for fuzzing; call
    /// it in the entry test that calls `CrashIsolation.runChildIfRequested()`, with the same
    /// coders as the checks.
    public func register<Model: Codable>(_ type: Model.Type) {
        CrashIsolation.register(StoredHarness.make(type, coders: coders))
        CrashIsolation.register(.roundTrip(type, decoder: coders.decoder, encoder: coders.encoder))
    }

    var snapshotFolder: SnapshotFolder { SnapshotFolder(directory: directory, display: folder) }

    /// Runs `harness` on each payload, isolated when the checks are.
    func outcomes(_ payloads: [[UInt8]], harness: ModelHarness) -> [DecodeOutcome] {
        if let isolation { return isolation.outcomes(of: harness, for: payloads) }
        return payloads.map(harness.run)
    }

    /// Whether a loss at `pointer` is one the test accepts.
    func accepts(lossAt pointer: JSONPointer) -> Bool {
        acceptedLosses.contains { text in
            guard let pattern = JSONPointer(text), pattern.tokens.count == pointer.tokens.count else {
                return false
            }
            return zip(pattern.tokens, pointer.tokens).allSatisfy { $0 == "*" || $0 == $1 }
        }
    }
}
