import Foundation
import JSONSchema

/// Records the current version's snapshot, or compares the model's current encoding with it.
///
/// A missing file is recorded and the run fails once ("recorded, re-run"), so a person reviews
/// the file before it is committed. An existing file must still be what the model writes: when
/// it is not, the format changed, which is a new app version with a file of its own, so the
/// data the old format stored stays tested. Only `CONFORM_RECORD=1` overwrites it.
struct SnapshotRecording {
    let folder: SnapshotFolder
    let version: String
    let typeName: String

    /// At most this many differences are listed per file.
    static let differencesShown = 5

    func run(current: Result<[JSONValue], StoredProblem>, existing: [SnapshotFolder.File], again: Bool)
        -> (issues: [StoredDataIssue], wrote: Bool)
    {
        let mine = existing.filter { $0.version == version }
        let first = folder.displayPath("\(version).json")
        let values: [JSONValue]
        switch current {
        case .failure(let problem):
            // With nothing to compare, a file that exists is left to the snapshot checks.
            return (mine.isEmpty || again ? [StoredDataIssue(file: first, problem: problem)] : [], false)
        case .success(let made):
            values = made
        }
        let names = SnapshotFolder.fileNames(version: version, count: values.count)
        var issues: [StoredDataIssue] = []
        var wrote = false
        if again {
            for stale in mine where !names.contains(stale.name) {
                try? FileManager.default.removeItem(at: folder.directory.appendingPathComponent(stale.name))
            }
        }
        for (name, value) in zip(names, values) {
            let file = folder.displayPath(name)
            if !again, !mine.isEmpty {
                guard let recorded = mine.first(where: { $0.name == name }) else {
                    // A sample added to a version already recorded.
                    issues += write(value, named: name, again: false, wrote: &wrote)
                    continue
                }
                guard let old = try? JSONParser.parse(recorded.bytes) else { continue }
                issues += differences(old, value).prefix(Self.differencesShown).map {
                    StoredDataIssue(file: file, pointer: $0.pointer, problem: $0.problem)
                }
                continue
            }
            issues += write(value, named: name, again: again && !mine.isEmpty, wrote: &wrote)
        }
        return (issues, wrote)
    }

    private func write(_ value: JSONValue, named name: String, again: Bool, wrote: inout Bool)
        -> [StoredDataIssue]
    {
        let file = folder.displayPath(name)
        do {
            try folder.write(value, named: name)
        } catch {
            return [
                StoredDataIssue(
                    file: file,
                    problem: .cannotRecord(typeName: typeName, reason: "cannot write the file: \(error)"))
            ]
        }
        wrote = true
        return [StoredDataIssue(file: file, problem: .recorded(typeName: typeName, again: again))]
    }

    /// Where the current encoding differs from the recorded one.
    private func differences(_ recorded: JSONValue, _ now: JSONValue) -> [(
        pointer: JSONPointer, problem: StoredProblem
    )] {
        var found: [(pointer: JSONPointer, problem: StoredProblem)] = []
        let next = SnapshotFolder.nextVersion(after: version)
        func visit(_ old: JSONValue?, _ new: JSONValue?, _ pointer: JSONPointer) {
            switch (old, new) {
            case (.object(let before)?, .object(let after)?):
                for key in before.keys + after.keys.filter({ before[$0] == nil }) {
                    visit(before[key], after[key], pointer.appending(key))
                }
            case (.array(let before)?, .array(let after)?) where before.count == after.count:
                for index in before.indices { visit(before[index], after[index], pointer.appending(index)) }
            default:
                guard old != new else { return }
                found.append((pointer, .formatChanged(recorded: old, now: new, version: version, next: next)))
            }
        }
        visit(recorded, now, .root)
        return found
    }
}
