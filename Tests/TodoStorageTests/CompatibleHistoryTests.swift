import ContractTesting
import Foundation
import Testing

extension TodoStorageTestSuite {
    /// The history as it shipped: each version's snapshot is what its model writes, and every
    /// version loads what the versions before it stored.
    @Suite("A compatible history passes")
    struct CompatibleHistoryTests {
        @Test("version 1 still writes what v1.json recorded")
        func versionOne() {
            let report = todoGroups.expectCompatible(
                TodoAppV1.TodoGroup.self, version: "v1", samples: [TodoAppV1.groceries])
            #expect(report.files.map { URL(fileURLWithPath: $0).lastPathComponent } == ["v1.json"])
        }

        @Test("version 2 in development (new optional properties, a new enum case) loads and keeps v1.json")
        func versionTwo() {
            let report = todoGroups.expectCompatible(TodoAppV2.TodoGroup.self)
            #expect(report.files.map { URL(fileURLWithPath: $0).lastPathComponent } == ["v1.json"])
        }

        @Test("settings: snake_case keys, ISO 8601 dates, URL, Data and dictionaries load in version 2")
        func settings() {
            storedSettings.expectCompatible(
                SettingsV1.Settings.self, version: "v1", samples: [SettingsV1.sample])
            storedSettings.expectCompatible(SettingsV2.Settings.self)
        }

        @Test("version 2 loads every value the inferred format of v1 allows")
        func fuzzedAgainstOldFormats() {
            let report = todoGroups.expectFuzzCompatible(TodoAppV2.TodoGroup.self, cases: 60)
            #expect(report.casesRun >= 60, "\(report)")
        }

        @Test("the inferred v1 format: types, required keys, the enum's values and the date's number")
        func inferredFormat() throws {
            let formats = todoGroups.inferredFormats(of: TodoAppV2.TodoGroup.self)
            #expect(formats.map(\.version) == ["v1"])
            let v1 = try #require(formats.first).schema
            let todo = try #require(v1["properties"]?["todos"]?["items"])
            #expect(todo["required"] == ["id", "status", "title"], "dueDate is absent from one todo")
            #expect(todo["properties"]?["status"] == ["enum": ["done", "open"]])
            #expect(todo["properties"]?["dueDate"] == ["type": "integer"])
            #expect(v1["properties"]?["id"]?["format"] == "uuid")
        }
    }
}
