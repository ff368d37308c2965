import ConformHTTP
import ContractTesting
import Foundation
import Testing

/// The To-Do app's stored groups: one snapshot per shipped version, written with the app's
/// plain `JSONEncoder()`.
let todoGroups = StoredData("Tests/TodoStorageTests/Snapshots/TodoGroup")

/// The same snapshots, decoded in a child process, for models that trap or hang on them.
let isolatedTodoGroups = StoredData(todoGroups.folder, isolation: isolation)

/// The app's settings, stored with snake_case keys and ISO 8601 dates.
let storedSettings = StoredData(
    "Tests/TodoStorageTests/Snapshots/Settings", decoder: SettingsV1.decoder, encoder: SettingsV1.encoder)

/// Every suite of this target, one test at a time: the isolated checks launch child processes,
/// and the fuzzing is CPU-bound.
@Suite(.serialized) struct TodoStorageTestSuite {}

/// The child-process entry point of the isolated checks: does nothing in a normal run; in the
/// child (launched with `--filter storedDataIsolationEntry`) it decodes what it is given.
@Test func storedDataIsolationEntry() {
    isolatedTodoGroups.register(TrapsOnMissingDate.TodoGroup.self)
    isolatedTodoGroups.register(HangsOnDoneTodo.TodoGroup.self)
    CrashIsolation.runChildIfRequested()
}

/// This test binary, running only `storedDataIsolationEntry`; a snapshot gets one second.
let isolation = CrashIsolation.swiftTestingEntry("storedDataIsolationEntry", timeout: 1)

/// Runs `body`, expecting each of `texts` in at least one issue it records and every issue to
/// contain one of them (any other issue fails the test); returns every issue's text.
@discardableResult
func expectIssues(
    containing texts: [String], sourceLocation: SourceLocation = #_sourceLocation, _ body: () -> Void
) -> [String] {
    let recorded = Locked<[String]>([])
    withKnownIssue {
        body()
    } matching: { issue in
        let text = issue.comments.map(\.rawValue).joined()
        recorded.withLock { $0.append(text) }
        return texts.contains { text.contains($0) }
    }
    let all = recorded.withLock { $0 }
    for text in texts {
        #expect(
            all.contains { $0.contains(text) }, "no issue says \(text): \(all)",
            sourceLocation: sourceLocation)
    }
    return all
}
