/// The body of `GET /menu`: the menu items, optionally of one category.
public struct MenuResponse: Codable, Sendable, Hashable {
    public var items: [MenuItem]

    public init(items: [MenuItem]) { self.items = items }
}
