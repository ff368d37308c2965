public import Foundation

/// One dish on the menu, as the Restaurant app shows it.
///
/// The property names are the app's own (`detailText`, `imageURL`); `CodingKeys` maps them to the
/// wire names the contract's `MenuItem` schema uses (`description`, `image_url`), so the contract
/// and the model can be checked against each other by `CodableFuzzer`.
public struct MenuItem: Codable, Sendable, Hashable {
    public var id: Int
    public var name: String
    /// The dish's description; named so it does not clash with `CustomStringConvertible`.
    public var detailText: String
    public var price: Double
    public var category: String
    public var imageURL: URL

    public init(id: Int, name: String, detailText: String, price: Double, category: String, imageURL: URL) {
        self.id = id
        self.name = name
        self.detailText = detailText
        self.price = price
        self.category = category
        self.imageURL = imageURL
    }

    enum CodingKeys: String, CodingKey {
        case id
        case name
        case detailText = "description"
        case price
        case category
        case imageURL = "image_url"
    }
}
