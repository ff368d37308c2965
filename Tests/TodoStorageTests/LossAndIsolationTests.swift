import ContractTesting
import Foundation
import Testing

extension TodoStorageTestSuite {
    /// A model that loads old data may still lose part of it when the app saves it again; a
    /// model that traps or hangs on old data is isolated, and reported, not fatal.
    @Suite("Lossy, trapping and hanging versions 2")
    struct LossAndIsolationTests {
        let v1 = "`Tests/TodoStorageTests/Snapshots/TodoGroup/v1.json`"

        @Test("an unknown case mapped to a default: what the stored value comes back as")
        func defaultingCase() {
            expectIssues(containing: [
                "\(v1): /todos/0/status: lost on the round trip: \"done\" is written back as \"open\" "
                    + "(`Status` maps a value it does not know to a default)"
            ]) {
                todoGroups.expectCompatible(DefaultingCase.TodoGroup.self)
            }
        }

        @Test("a property no longer kept: the key and the value lost")
        func droppedProperty() {
            let texts = expectIssues(containing: [
                "\(v1): /petImage: lost on the round trip: the model loads this key but does not write it back "
                    + "(it held \"iVBORw0KGgo=\")"
            ]) {
                todoGroups.expectCompatible(DroppedProperty.TodoGroup.self)
            }
            #expect(texts.allSatisfy { $0.contains("/petImage") }, "\(texts)")
        }

        @Test("a loss the test accepts is not an issue")
        func acceptedLoss() {
            let accepting = StoredData(
                todoGroups.folder, acceptingLosses: ["/petImage"])
            let report = accepting.check(DroppedProperty.TodoGroup.self)
            #expect(report.passed, "\(report)")
        }

        @Test("a trap in init(from:) on old data is an issue of that file, in a child process")
        func trap() {
            let report = isolatedTodoGroups.check(TrapsOnMissingDate.TodoGroup.self)
            #expect(report.issues.map(\.kind) == [.crash], "\(report)")
            #expect(
                report.issues.first?.description.hasPrefix("\(v1): /: decoding crashed the model") == true)
        }

        @Test("a hang in init(from:) on old data is an issue of that file, in a child process")
        func hang() {
            let report = isolatedTodoGroups.check(HangsOnDoneTodo.TodoGroup.self)
            #expect(report.issues.map(\.kind) == [.hang], "\(report)")
            #expect(report.issues.first?.description.contains("did not finish within 1 s") == true)
        }
    }
}
