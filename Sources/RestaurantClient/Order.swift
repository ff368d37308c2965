/// The order the app keeps while the guest picks dishes.
///
/// The server only wants the ids, so the body sent to `POST /order` is an `OrderRequest`
/// (`{"menuIds": [1, 2]}`), not the order itself.
public struct Order: Codable, Sendable, Hashable {
    public var menuItems: [MenuItem]

    public init(menuItems: [MenuItem] = []) { self.menuItems = menuItems }

    /// The request body that submits this order.
    public var request: OrderRequest { OrderRequest(menuIDs: menuItems.map(\.id)) }
}

/// The body of `POST /order`: the ids of the ordered menu items.
public struct OrderRequest: Codable, Sendable, Hashable {
    public var menuIDs: [Int]

    public init(menuIDs: [Int]) { self.menuIDs = menuIDs }

    enum CodingKeys: String, CodingKey {
        case menuIDs = "menuIds"
    }
}
