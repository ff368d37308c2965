/// One resource an API keeps: a collection path (`/books`) and, where the API names items, an item
/// path one placeholder below it (`/books/{book_id}`), with the operation that plays each role.
///
/// A resource nested under another (`/books/{book_id}/reviews`) names its parent, whose item id
/// fills the collection's placeholder.
public struct Resource: Sendable, Hashable {
    /// What an operation does to the resource.
    public enum Role: String, Sendable, CaseIterable, Comparable {
        case create, list, read, replace, update, delete

        /// The method that plays this role on the collection or item path.
        var method: String {
            switch self {
            case .create: return "POST"
            case .list, .read: return "GET"
            case .replace: return "PUT"
            case .update: return "PATCH"
            case .delete: return "DELETE"
            }
        }

        /// Whether the role acts on one item (the item path) rather than the collection.
        public var isItemRole: Bool { ![.create, .list].contains(self) }

        public static func < (lhs: Role, rhs: Role) -> Bool {
            (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
        }
    }

    /// Where the resource's parent id comes from: the parent resource and the placeholder of this
    /// resource's collection path that holds it.
    public struct Parent: Sendable, Hashable {
        public var resource: String
        public var parameter: String
    }

    /// A short name: the collection path's last fixed segment (`books`, `reviews`), made unique.
    public var name: String
    public var collection: PathTemplate
    public var item: PathTemplate?
    /// The item path's placeholder that names an item (`book_id`).
    public var idParameter: String?
    public var parent: Parent?
    /// The endpoint id that plays each role.
    public var operations: [Role: String]
    /// Whether items are created on their own item path with an id the client chooses (`PUT
    /// /buckets/{id}`, `PUT /api/contents/{path}`), rather than by the collection.
    public var createsOnItem: Bool
    /// Whether the listing is a search sent with `POST` (`POST /flows/filter`), not a `GET`.
    public var listsBySearch: Bool

    public init(
        name: String, collection: PathTemplate, item: PathTemplate?, idParameter: String?, parent: Parent?,
        operations: [Role: String], createsOnItem: Bool = false, listsBySearch: Bool = false
    ) {
        self.name = name
        self.collection = collection
        self.item = item
        self.idParameter = idParameter
        self.parent = parent
        self.operations = operations
        self.createsOnItem = createsOnItem
        self.listsBySearch = listsBySearch
    }

    /// The endpoint ids of the item roles, in lifecycle order.
    public var itemOperations: [String] {
        Role.allCases.filter(\.isItemRole).compactMap { operations[$0] }
    }
}
