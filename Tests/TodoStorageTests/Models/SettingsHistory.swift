import Foundation

/// The app's settings, stored with snake_case keys and ISO 8601 dates: a model that exercises
/// key and date strategies, `URL` and `Data`, and dictionaries keyed by strings and by an enum.
/// `Snapshots/Settings/v1.json` is what version 1 wrote.
enum SettingsV1 {
    struct Settings: Codable, Equatable {
        var theme: Theme
        var fontSize: Int
        var lastSync: Date
        var homePage: URL
        var avatar: Data?
        var shortcuts: [String: String]
        var sortOrders: [ListKind: SortOrder]
    }

    enum Theme: String, Codable, CaseIterable { case light, dark }

    enum ListKind: String, Codable, CaseIterable, CodingKeyRepresentable { case today, someday }

    enum SortOrder: String, Codable, CaseIterable { case dueDate, title }

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static let sample = Settings(
        theme: .dark, fontSize: 15, lastSync: Date(timeIntervalSince1970: 1_714_557_600),
        homePage: URL(string: "https://todo.example.com/home") ?? URL(fileURLWithPath: "/"),
        avatar: Data("cat".utf8), shortcuts: ["n": "new todo", "f": "find"],
        sortOrders: [.today: .dueDate, .someday: .title])
}

/// Version 2 of the settings, compatible: a new optional `accentColor`, and a font size that
/// is a `Double` now (every stored integer still loads).
enum SettingsV2 {
    struct Settings: Codable, Equatable {
        var theme: SettingsV1.Theme
        var fontSize: Double
        var lastSync: Date
        var homePage: URL
        var avatar: Data?
        var accentColor: String?
        var shortcuts: [String: String]
        var sortOrders: [SettingsV1.ListKind: SettingsV1.SortOrder]
    }
}

/// A broken version 2: `lastSync` read with JSONDecoder's default date strategy (the app forgot
/// `.iso8601` when it moved its coders), while version 1 stored ISO 8601 text.
enum SettingsWithDefaultDates {
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }()
}

/// A broken version 2: `fontSize` became a `String`, read under its snake_case key.
enum SettingsWithStringFontSize {
    struct Settings: Codable {
        var theme: SettingsV1.Theme
        var fontSize: String
        var lastSync: Date
        var homePage: URL
        var avatar: Data?
        var shortcuts: [String: String]
        var sortOrders: [SettingsV1.ListKind: SettingsV1.SortOrder]
    }
}
