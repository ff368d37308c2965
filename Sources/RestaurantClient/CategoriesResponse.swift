/// The body of `GET /categories`: every category name, each once.
public struct CategoriesResponse: Codable, Sendable, Hashable {
    public var categories: [String]

    public init(categories: [String]) { self.categories = categories }
}
