import Foundation
import RestaurantClient

// Deliberately broken client models: each disagrees with its contract schema in one classic way,
// and BrokenModelTests checks that the fuzzer catches it with a minimal payload.

/// Broken: `price` as `Int`, but the contract's prices have cents.
struct MenuItemWithIntegerPrice: Codable {
    var id: Int
    var name: String
    var description: String
    var price: Int
    var category: String
    var image_url: URL
}

/// Broken: the `image_url` key is spelt `imageUrl`, so no valid item decodes.
struct MenuItemWithWrongKey: Codable {
    var id: Int
    var name: String
    var description: String
    var price: Double
    var category: String
    var imageURL: URL

    enum CodingKeys: String, CodingKey {
        case id, name, description, price, category
        case imageURL = "imageUrl"
    }
}

/// Loose: `name` is optional although the contract requires it (a warning, a failure when strict).
struct MenuItemWithOptionalName: Codable {
    var id: Int
    var name: String?
    var description: String
    var price: Double
    var category: String
    var image_url: URL
}

/// Broken: `nickname` is required and non-optional, but the contract allows `null`.
struct DishWithRequiredNickname: Codable {
    var id: Int
    var name: String
    var nickname: String
    var spiciness: String
}

/// Broken: the enum lacks the contract's `hot` case.
struct DishWithMissingEnumCase: Codable {
    enum Spiciness: String, Codable {
        case mild, medium
    }
    var id: Int
    var name: String
    var nickname: String?
    var spiciness: Spiciness
}

/// Broken: a custom `init(from:)` that traps on a price the contract allows (a free item).
struct TrappingMenuItem: Codable {
    var id: Int
    var name: String
    var price: Double

    enum CodingKeys: String, CodingKey {
        case id, name, price
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        price = try container.decode(Double.self, forKey: .price)
        if price == 0 { fatalError("a menu item cannot be free") }
    }
}

/// Broken: a custom `init(from:)` that never returns for the largest id the contract allows.
struct HangingDish: Codable {
    var id: Int
    var name: String

    enum CodingKeys: String, CodingKey {
        case id, name
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        while id == 100_000 { Thread.sleep(forTimeInterval: 0.01) }
    }
}

/// Broken: the property is `imageURL` and there are no `CodingKeys`, so the model reads the key
/// `imageURL` while the contract sends `image_url`.
struct MenuItemWithoutCodingKeys: Codable {
    var id: Int
    var name: String
    var description: String
    var price: Double
    var category: String
    var imageURL: URL
}

/// Loose: every property optional, so a payload missing any required field decodes.
struct AllOptionalMenuItem: Codable {
    var id: Int?
    var name: String?
    var description: String?
    var price: Double?
    var category: String?
    var image_url: URL?
}

/// Loose: lossy array decoding. An item that does not decode is silently dropped, so a menu with
/// a broken item decodes as a shorter menu instead of failing.
struct LossyMenuResponse: Codable {
    var items: [RestaurantClient.MenuItem]

    enum CodingKeys: String, CodingKey { case items }

    private struct Skipped: Decodable {}

    init(from decoder: any Decoder) throws {
        var container = try decoder.container(keyedBy: CodingKeys.self).nestedUnkeyedContainer(forKey: .items)
        var kept: [RestaurantClient.MenuItem] = []
        while !container.isAtEnd {
            if let item = try? container.decode(RestaurantClient.MenuItem.self) {
                kept.append(item)
            } else {
                _ = try container.decode(Skipped.self)
            }
        }
        items = kept
    }
}

/// Broken twice: traps on an id below 1 and on a negative price (two causes, two findings).
struct TwoTrapMenuItem: Codable {
    var id: Int
    var name: String
    var price: Double

    enum CodingKeys: String, CodingKey {
        case id, name, price
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        price = try container.decode(Double.self, forKey: .price)
        precondition(id > 0, "ids start at 1")
        precondition(price >= 0, "prices are never negative")
    }
}

/// A namespace whose `MenuItem` has the same bare name as `RestaurantClient.MenuItem`: crash
/// isolation must tell the two apart.
enum TrapOnEmptyName {
    /// Broken: traps on an empty name (the contract forbids it, but a trap is never acceptable).
    struct MenuItem: Codable {
        var id: Int
        var name: String

        enum CodingKeys: String, CodingKey {
            case id, name
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            name = try container.decode(String.self, forKey: .name)
            if name.isEmpty { fatalError("a dish needs a name") }
        }
    }
}

/// Broken: never returns, whatever the payload (no single value is to blame).
struct AlwaysHangingDish: Decodable {
    init(from decoder: any Decoder) throws {
        while true { Thread.sleep(forTimeInterval: 0.01) }
    }
}

/// Broken under the app's `convertFromSnakeCase` decoder: `imageUrl` as a number.
struct SnakeCaseMenuItemWithNumericImage: Codable {
    var id: Int
    var name: String
    var description: String
    var price: Double
    var category: String
    var imageUrl: Int
}

/// Broken twice, both on values the contract allows, often in the same payload: traps on a free
/// item and on a one-letter name.
struct TwoAllowedTrapsMenuItem: Codable {
    var id: Int
    var name: String
    var price: Double

    enum CodingKeys: String, CodingKey {
        case id, name, price
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        price = try container.decode(Double.self, forKey: .price)
        precondition(price != 0, "a menu item cannot be free")
        precondition(name.count != 1, "names have two letters at least")
    }
}

/// Broken on the way out: decodes `image_url` but encodes `imageUrl`, so what the app sends back
/// is not what the contract describes.
struct MenuItemWithEncodingTypo: Codable {
    var id: Int
    var name: String
    var description: String
    var price: Double
    var category: String
    var image_url: URL

    enum EncodingKeys: String, CodingKey {
        case id, name, description, price, category, imageUrl
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: EncodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(description, forKey: .description)
        try container.encode(price, forKey: .price)
        try container.encode(category, forKey: .category)
        try container.encode(image_url, forKey: .imageUrl)
    }
}

/// Broken: hangs on a free item, and reads only three of the menu item's keys, so the run also
/// shrinks looser findings for the keys it ignores, toward `price: 0`. Each hang, in the child,
/// first adds a line to `HangOnFreeItem.log(parent:)`, so a test can count what hangs cost.
struct HangOnFreeItem: Codable {
    var id: Int
    var name: String
    var price: Double

    static func log(parent: Int32) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-hang-on-free-item-\(parent).log")
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        price = try container.decode(Double.self, forKey: .price)
        guard price == 0 else { return }
        let log = Self.log(parent: getppid())
        if let handle = try? FileHandle(forWritingTo: log) {
            handle.seekToEndOfFile()
            handle.write(Data("hang\n".utf8))
            try? handle.close()
        }
        while true { Thread.sleep(forTimeInterval: 0.01) }
    }
}
