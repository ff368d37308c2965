import Foundation

/// The To-Do app as version 1 shipped it: groups of todos, each group with the pet image it
/// shows, stored with plain `JSONEncoder()` (dates as seconds since 2001, data as base64).
/// `Snapshots/TodoGroup/v1.json` is what it wrote.
enum TodoAppV1 {
    struct TodoGroup: Codable, Equatable {
        var id: UUID
        var title: String
        var petImage: Data
        var todos: [Todo]
    }

    struct Todo: Codable, Equatable {
        var id: Int
        var title: String
        var dueDate: Date?
        var status: Status
    }

    enum Status: String, Codable, CaseIterable {
        case open, done
    }

    /// The value version 1 recorded: one todo done with a due date, one open without.
    static let groceries = TodoGroup(
        id: UUID(uuidString: "6F1C2A3E-0000-4000-8000-000000000001") ?? UUID(), title: "Groceries",
        petImage: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
        todos: [
            Todo(
                id: 1, title: "Oat milk", dueDate: Date(timeIntervalSinceReferenceDate: 736_000_000),
                status: .done),
            Todo(id: 2, title: "Bread", dueDate: nil, status: .open),
        ])
}
