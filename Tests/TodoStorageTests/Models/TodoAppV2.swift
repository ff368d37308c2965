import Foundation

/// Version 2, a compatible change: a group may have a colour and a todo notes (new optional
/// properties), and a todo may be snoozed (a new enum case). Everything version 1 stored loads.
enum TodoAppV2 {
    struct TodoGroup: Codable, Equatable {
        var id: UUID
        var title: String
        var petImage: Data
        var color: String?
        var todos: [Todo]
    }

    struct Todo: Codable, Equatable {
        var id: Int
        var title: String
        var dueDate: Date?
        var notes: String?
        var status: Status
    }

    enum Status: String, Codable, CaseIterable {
        case open, done, snoozed
    }

    /// The value version 2 recorded.
    static let groceries = TodoGroup(
        id: UUID(uuidString: "6F1C2A3E-0000-4000-8000-000000000002") ?? UUID(), title: "Groceries",
        petImage: Data([0x89, 0x50, 0x4E, 0x47]), color: "teal",
        todos: [
            Todo(
                id: 1, title: "Oat milk", dueDate: Date(timeIntervalSinceReferenceDate: 736_086_400),
                notes: "the barista one", status: .snoozed)
        ])
}
