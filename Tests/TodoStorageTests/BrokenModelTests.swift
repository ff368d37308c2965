import ContractTesting
import Foundation
import Testing

extension TodoStorageTestSuite {
    /// Each deliberately broken version 2 fails with an issue that names the file, the place
    /// with the file's key names, and what is wrong.
    @Suite("Broken versions 2 are caught")
    struct BrokenModelTests {
        let v1 = "`Tests/TodoStorageTests/Snapshots/TodoGroup/v1.json`"

        @Test("a renamed key: the missing key, and the old one still in the file")
        func renamedKey() {
            expectIssues(containing: [
                "\(v1): /todos/0/name: the key \"name\" is missing, and the model requires it",
                "the object has \"title\", which the model no longer reads (renamed?",
            ]) {
                todoGroups.expectCompatible(RenamedKey.TodoGroup.self)
            }
        }

        @Test("a type change: expected a string, found the number")
        func changedType() {
            expectIssues(containing: ["\(v1): /todos/0/id: expected a string, found the number 1"]) {
                todoGroups.expectCompatible(ChangedType.TodoGroup.self)
            }
        }

        @Test("a new required property: named at each todo that lacks it")
        func newRequiredProperty() {
            expectIssues(containing: ["\(v1): /todos/0/priority: the key \"priority\" is missing"]) {
                todoGroups.expectCompatible(NewRequiredProperty.TodoGroup.self)
            }
        }

        @Test("a renamed enum case: the stored value, the enum and the cases it knows")
        func renamedCase() {
            expectIssues(containing: [
                "\(v1): /todos/0/status: \"done\" is not a case of `Status` (renamed or removed?); "
                    + "the model knows \"open\", \"completed\""
            ]) {
                todoGroups.expectCompatible(RenamedCase.TodoGroup.self)
            }
        }

        @Test("a changed date strategy: what the file holds, and how the model reads a Date")
        func changedDateStrategy() {
            let iso = StoredData(
                todoGroups.folder, decoder: ChangedDateStrategy.decoder)
            expectIssues(containing: [
                "\(v1): /todos/0/dueDate: expected an ISO 8601 date-time string (the model decodes `Date` "
                    + "as an ISO 8601 string such as 2024-05-01T10:00:00Z), found the number 736000000"
            ]) {
                iso.expectCompatible(TodoAppV2.TodoGroup.self)
            }
        }

        @Test("settings read with the default date strategy: seconds since 2001, and the snake_case key")
        func settingsDates() {
            let defaultDates = StoredData(
                storedSettings.folder, decoder: SettingsWithDefaultDates.decoder, encoder: SettingsV1.encoder)
            expectIssues(containing: [
                "`Tests/TodoStorageTests/Snapshots/Settings/v1.json`: /last_sync: expected a number (the model "
                    + "decodes `Date` as seconds since 2001), found a string (\"2024-05-01T10:00:00Z\")"
            ]) {
                defaultDates.expectCompatible(SettingsV2.Settings.self)
            }
        }

        @Test("settings: a type change under a snake_case key is reported at the file's key")
        func settingsType() {
            expectIssues(containing: [
                "`Tests/TodoStorageTests/Snapshots/Settings/v1.json`: /font_size: expected a string, found the number 15"
            ]) {
                storedSettings.expectCompatible(SettingsWithStringFontSize.Settings.self)
            }
        }
    }
}
