import Foundation
import RestaurantClient

// Models from an app team's package (issue #17's red team) whose findings Conform got wrong.

/// Hangs on a category that is not a string: an unkeyed container does not move past an element
/// that fails to decode, so `try?` in a `while !isAtEnd` loop spins forever on `"categories": [0]`.
struct CategoriesLoopingOnNonString: Decodable {
    var categories: [String]
    enum CodingKeys: String, CodingKey { case categories }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var list = try container.nestedUnkeyedContainer(forKey: .categories)
        var kept: [String] = []
        while !list.isAtEnd {
            if let category = try? list.decode(String.self) { kept.append(category) }
        }
        categories = kept
    }
}

/// Traps on an empty menu, which the contract allows.
struct MenuTrappingWhenEmpty: Codable {
    var items: [MenuItem]
    enum CodingKeys: String, CodingKey { case items }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try container.decode([MenuItem].self, forKey: .items)
        precondition(!items.isEmpty, "a menu has items")
    }
}

/// A reservation decoded with the default date strategy (seconds as a number) where the contract
/// sends a date-time string.
struct ReservationWithNumericDate: Codable {
    var id: Int
    var starts_at: Date
}

/// Hangs while two items share a category (the contract allows it): no single value is the cause.
struct MenuHangingOnSharedCategory: Decodable {
    struct Item: Decodable { var category: String }
    var items: [Item]
    enum CodingKeys: String, CodingKey { case items }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try container.decode([Item].self, forKey: .items)
        var spins = 0
        while Set(items.map(\.category)).count != items.count {
            spins &+= 1
            if spins == -1 { break }
        }
    }
}

/// Decodes everything, but traps when encoding an order that takes more than two hours.
struct OrderResponseTrappingOnEncode: Codable {
    var preparation_time: Int
    func encode(to encoder: any Encoder) throws {
        precondition(preparation_time <= 120, "the kitchen closes")
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(preparation_time, forKey: .preparation_time)
    }
}

/// Force-unwraps a category it reads with `decodeIfPresent`, then traps on id 0: a missing key and
/// a value, two causes.
struct MenuItemUnwrappingCategory: Decodable {
    var id: Int
    var category: String
    enum CodingKeys: String, CodingKey { case id, category }
    // swift-format-ignore: NeverForceUnwrap
    // The force unwrap is the red team's bug: a missing category must crash this model.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        let category = try container.decodeIfPresent(String.self, forKey: .category)
        self.category = category!
        precondition(id != 0, "no item 0")
    }
}

/// Traps on any category outside the three it knows, which no generated payload has.
struct MenuItemWithClosedCategories: Decodable {
    var category: String
    enum CodingKeys: String, CodingKey { case category }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        category = try container.decode(String.self, forKey: .category)
        precondition(["Appetizers", "Entrees", "Desserts"].contains(category), "unknown category")
    }
}

/// Traps on ids below 100: the plain replacements 1 and 2 still trap, 100 does not.
struct OrderWithLegacyIds: Decodable {
    var preparation_time: Int
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        preparation_time = try container.decode(Int.self, forKey: .preparation_time)
        precondition(preparation_time >= 100, "legacy kitchen")
    }
    enum CodingKeys: String, CodingKey { case preparation_time }
}

/// Rejects keys it does not know, though the contract's Error body allows them.
struct ErrorBodyRejectingUnknownKeys: Decodable {
    var error: String
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
    init(from decoder: any Decoder) throws {
        let all = try decoder.container(keyedBy: AnyKey.self)
        if let unknown = all.allKeys.first(where: { !["error", "pointer"].contains($0.stringValue) }) {
            throw DecodingError.dataCorruptedError(forKey: unknown, in: all, debugDescription: "unknown key")
        }
        error = try all.decode(String.self, forKey: AnyKey(stringValue: "error"))
    }
}

/// Keeps whole currency units: `Int(price)` traps past `Int.max`, which the contract allows.
struct MenuItemWithWholePrice: Decodable {
    var units: Int
    enum CodingKeys: String, CodingKey { case price }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        units = Int(try container.decode(Double.self, forKey: .price))
    }
}

/// Indexes the menu by id as it decodes, which traps when two items share an id: the contract
/// does not say ids are unique (no `uniqueItems`), so a server may send that.
struct MenuIndexedById: Codable {
    var items: [MenuItem]
    var byId: [Int: MenuItem]
    enum CodingKeys: String, CodingKey { case items }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try container.decode([MenuItem].self, forKey: .items)
        byId = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
    }
}
