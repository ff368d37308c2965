/// The answer to `POST /order`: how long the kitchen needs.
public struct OrderResponse: Codable, Sendable, Hashable {
    /// Minutes until the order is ready; spelt as the app has always spelt it.
    public var preperationTime: Int

    public init(preperationTime: Int) { self.preperationTime = preperationTime }

    enum CodingKeys: String, CodingKey {
        case preperationTime = "preparation_time"
    }
}
