import ContractFuzz
import Foundation
import JSONSchema

/// One check of a model against its snapshot folder: record or compare the current version's
/// file, then load every snapshot and write it back, and turn each outcome into issues.
struct SnapshotCheck<Model: Codable> {
    let stored: StoredData
    let version: String?
    let samples: [Model]

    /// The model's name in messages.
    private static var typeName: String { String(describing: Model.self) }

    func run() -> StoredDataReport {
        let folder = stored.snapshotFolder
        var report = StoredDataReport(typeName: Self.typeName, folder: folder.display, files: [], issues: [])
        if let version, !SnapshotFolder.isValidVersion(version) {
            report.issues.append(StoredDataIssue(file: folder.display, problem: .badVersion(version)))
            return report
        }
        let harness = StoredHarness.make(Model.self, coders: stored.coders)
        var files = snapshots(in: folder)
        var outcomes = stored.outcomes([StoredHarness.probeRequest] + files.map(\.bytes), harness: harness)
        let shape = ModelShape(outcome: outcomes.first)
        outcomes = Array(outcomes.dropFirst())
        if let version {
            let recording = SnapshotRecording(folder: folder, version: version, typeName: Self.typeName)
                .run(current: currentValues(shape: shape), existing: files, again: stored.recordsAgain)
            report.issues += recording.issues
            if recording.wrote {
                files = snapshots(in: folder)
                outcomes = stored.outcomes(files.map(\.bytes), harness: harness)
            }
        }
        if files.isEmpty {
            report.issues.append(StoredDataIssue(file: folder.display, problem: .noSnapshots))
        }
        let keys = WireKeys(coders: stored.coders)
        for (file, outcome) in zip(files, outcomes) {
            report.files.append(file.display)
            report.issues += Self.collapsing(judge(file, outcome, shape: shape, keys: keys))
        }
        return report
    }

    /// The snapshots this model must load: with a version, that version's and older ones (an
    /// app never reads what a later version wrote), else all of them.
    private func snapshots(in folder: SnapshotFolder) -> [SnapshotFolder.File] {
        guard let version else { return folder.files() }
        return folder.files().filter { !SnapshotFolder.naturalOrder(version, $0.version) }
    }

    /// The current version's values as the app encodes them: the samples', else the made-up one's.
    private func currentValues(shape: ModelShape) -> Result<[JSONValue], StoredProblem> {
        guard !samples.isEmpty else {
            guard let sample = shape.sample, let value = try? JSONParser.parse(sample) else {
                let reason = shape.problem ?? "the model's init(from:) accepts no made-up value"
                return .failure(
                    .cannotRecord(typeName: Self.typeName, reason: "no value could be made up (\(reason))"))
            }
            return .success([value])
        }
        var values: [JSONValue] = []
        for (index, sample) in samples.enumerated() {
            do {
                values.append(try JSONParser.parse(Array(try stored.coders.encoder.encode(sample))))
            } catch {
                return .failure(
                    .cannotRecord(
                        typeName: Self.typeName, reason: "encoding sample \(index + 1) failed: \(error)"))
            }
        }
        return .success(values)
    }

    private func judge(
        _ file: SnapshotFolder.File, _ outcome: DecodeOutcome, shape: ModelShape, keys: WireKeys
    )
        -> [StoredDataIssue]
    {
        let snapshot: JSONValue
        do {
            snapshot = try JSONParser.parse(file.bytes)
        } catch {
            return [StoredDataIssue(file: file.display, problem: .notJSON(error.description))]
        }
        let decoder = stored.coders.decoder
        switch outcome {
        case .threw(_, let message):
            let explainer = FailureExplainer(snapshot: snapshot, shape: shape, keys: keys, decoder: decoder)
            let (pointer, problem) = explainer.explain(StoredFailure(message: message))
            return [StoredDataIssue(file: file.display, pointer: pointer, problem: problem)]
        case .crashed(let status):
            return [StoredDataIssue(file: file.display, problem: .crashed(status: status))]
        case .hung(let seconds):
            return [StoredDataIssue(file: file.display, problem: .hung(seconds: seconds))]
        case .isolationFailed(let reason):
            return [StoredDataIssue(file: file.display, problem: .isolationFailed(Self.explaining(reason)))]
        case .decoded(let bytes):
            guard let bytes, let written = try? JSONParser.parse(bytes) else { return [] }
            let diff = RoundTripDiff(shape: shape, keys: keys, decoder: decoder)
            return diff.losses(original: snapshot, written: written)
                .filter { !stored.accepts(lossAt: $0.pointer) }
                .map { StoredDataIssue(file: file.display, pointer: $0.pointer, problem: $0.problem) }
        }
    }

    /// The child's refusal with the call that registers the model for stored data (the
    /// fuzzer's own advice names its round-trip harness only).
    private static func explaining(_ reason: String) -> String {
        guard reason.hasPrefix("the isolation child has no model") else { return reason }
        let cut =
            reason.range(of: " (roundTrip)")?.lowerBound ?? reason.range(of: ";")?.lowerBound
            ?? reason.endIndex
        return reason[..<cut]
            + "; register it in the entry test that calls CrashIsolation.runChildIfRequested(), with the same "
            + "StoredData: storedData.register(\(typeName).self)"
    }

    /// One issue per kind and place pattern (array indices as `*`), the others counted in it, so
    /// a list of 500 todos that all lose `notes` reads as one problem.
    static func collapsing(_ issues: [StoredDataIssue]) -> [StoredDataIssue] {
        var kept: [StoredDataIssue] = []
        var counts: [Int] = []
        var seen: [String: Int] = [:]
        for issue in issues {
            let pattern = issue.pointer.tokens.map { JSONPointer.arrayIndex($0) == nil ? $0 : "*" }
            let key = "\(issue.kind) \(JSONPointer(tokens: pattern))"
            if let index = seen[key] {
                counts[index] += 1
                continue
            }
            seen[key] = kept.count
            kept.append(issue)
            counts.append(0)
        }
        for (index, count) in counts.enumerated() where count > 0 {
            kept[index].message += "; the same at \(count) more place\(count == 1 ? "" : "s") like it"
        }
        return kept
    }
}
