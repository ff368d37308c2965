import Foundation

// Deliberately broken versions 2 of the To-Do model (fixtures): each changes the model in a way
// that stops version 1's stored groups from loading, or loses part of them, as a real update
// could. `BrokenModelTests` checks each is caught with a clear issue.

/// A todo's `title` renamed to `name`, with no CodingKeys keeping the stored key.
enum RenamedKey {
    struct TodoGroup: Codable {
        var id: UUID
        var title: String
        var petImage: Data
        var todos: [Todo]
    }

    struct Todo: Codable {
        var id: Int
        var name: String
        var dueDate: Date?
        var status: TodoAppV1.Status
    }
}

/// A todo's `id` changed from `Int` to `String`.
enum ChangedType {
    struct TodoGroup: Codable {
        var id: UUID
        var title: String
        var petImage: Data
        var todos: [Todo]
    }

    struct Todo: Codable {
        var id: String
        var title: String
        var dueDate: Date?
        var status: TodoAppV1.Status
    }
}

/// A new non-optional `priority`, which no stored todo has.
enum NewRequiredProperty {
    struct TodoGroup: Codable {
        var id: UUID
        var title: String
        var petImage: Data
        var todos: [Todo]
    }

    struct Todo: Codable {
        var id: Int
        var title: String
        var dueDate: Date?
        var status: TodoAppV1.Status
        var priority: Int
    }
}

/// `Status.done` renamed to `completed`.
enum RenamedCase {
    struct TodoGroup: Codable {
        var id: UUID
        var title: String
        var petImage: Data
        var todos: [Todo]
    }

    struct Todo: Codable {
        var id: Int
        var title: String
        var dueDate: Date?
        var status: Status
    }

    enum Status: String, Codable, CaseIterable {
        case open, completed
    }
}

/// `Status.done` renamed too, but unknown values load as `open`: nothing fails to load, and
/// every done todo silently comes back open.
enum DefaultingCase {
    struct TodoGroup: Codable {
        var id: UUID
        var title: String
        var petImage: Data
        var todos: [Todo]
    }

    struct Todo: Codable {
        var id: Int
        var title: String
        var dueDate: Date?
        var status: Status
    }

    enum Status: String, Codable, CaseIterable {
        case open, completed

        init(from decoder: any Decoder) throws {
            self = Status(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .open
        }
    }
}

/// The pet image no longer kept: groups load, and lose it when saved again.
enum DroppedProperty {
    struct TodoGroup: Codable {
        var id: UUID
        var title: String
        var todos: [TodoAppV1.Todo]
    }
}

/// The app's decoder switched to ISO 8601 dates, while version 1 stored seconds since 2001.
enum ChangedDateStrategy {
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}

/// A todo without a due date traps in a hand-written `init(from:)`.
enum TrapsOnMissingDate {
    struct TodoGroup: Codable {
        var id: UUID
        var title: String
        var petImage: Data
        var todos: [Todo]
    }

    struct Todo: Codable {
        var id: Int
        var title: String
        var dueDate: Date
        var status: TodoAppV1.Status

        private enum CodingKeys: String, CodingKey { case id, title, dueDate, status }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            title = try container.decode(String.self, forKey: .title)
            status = try container.decode(TodoAppV1.Status.self, forKey: .status)
            // Made-up values (and every todo version 2 writes) have a date; version 1's may not.
            guard let date = try container.decodeIfPresent(Date.self, forKey: .dueDate) else {
                fatalError("every todo has a due date")
            }
            dueDate = date
        }
    }
}

/// A group whose `init(from:)` loops forever on a done todo.
enum HangsOnDoneTodo {
    struct TodoGroup: Codable {
        var id: UUID
        var title: String
        var petImage: Data
        var todos: [TodoAppV1.Todo]

        private enum CodingKeys: String, CodingKey { case id, title, petImage, todos }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(UUID.self, forKey: .id)
            title = try container.decode(String.self, forKey: .title)
            petImage = try container.decode(Data.self, forKey: .petImage)
            todos = try container.decode([TodoAppV1.Todo].self, forKey: .todos)
            var pending = todos.filter { $0.status == .done && $0.id > 0 }
            while !pending.isEmpty { pending = pending.filter { $0.id > 0 } }
        }
    }
}
