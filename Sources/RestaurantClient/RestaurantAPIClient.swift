public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// The Restaurant app's API client: categories, menu, images and orders over `URLSession`.
///
/// The base URL is a parameter so that the same client talks to production, staging, or the
/// contract's mock in tests. Every failure is a `RestaurantClientError` that says which URL failed
/// and why, down to the JSON pointer of a body that does not decode.
///
/// ```swift
/// let client = RestaurantAPIClient(baseURL: URL(string: "http://localhost:8080")!)
/// let entrees = try await client.fetchMenuItems(forCategory: "Entrees")
/// ```
public struct RestaurantAPIClient: Sendable {
    public let baseURL: URL
    public let session: URLSession

    public init(baseURL: URL, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
    }

    /// Every category name (`GET /categories`).
    public func fetchCategories() async throws(RestaurantClientError) -> [String] {
        let url = try endpoint("categories")
        return try await get(CategoriesResponse.self, from: url).categories
    }

    /// The menu, or only the items of `category` (`GET /menu?category=…`).
    public func fetchMenuItems(forCategory category: String? = nil) async throws(RestaurantClientError)
        -> [MenuItem]
    {
        let query = category.map { [URLQueryItem(name: "category", value: $0)] } ?? []
        let url = try endpoint("menu", query: query)
        return try await get(MenuResponse.self, from: url).items
    }

    /// Submits an order of menu item ids (`POST /order`) and returns the preparation time in minutes.
    public func submitOrder(forMenuIDs menuIDs: [Int]) async throws(RestaurantClientError) -> Int {
        let url = try endpoint("order")
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        do {
            request.httpBody = try JSONEncoder().encode(OrderRequest(menuIDs: menuIDs))
        } catch {
            throw .encoding(type: "OrderRequest", message: "\(error)")
        }
        let data = try await send(request)
        return try decode(OrderResponse.self, from: data, url: url).preperationTime
    }

    /// The bytes of a menu item's image (an absolute URL from `MenuItem.imageURL`).
    public func fetchImage(from url: URL) async throws(RestaurantClientError) -> Data {
        try await send(URLRequest(url: url))
    }

    private func endpoint(_ path: String, query: [URLQueryItem] = []) throws(RestaurantClientError) -> URL {
        var components = URLComponents(
            url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        if !query.isEmpty { components?.queryItems = query }
        guard let url = components?.url else { throw .invalidURL(path) }
        return url
    }

    private func get<Model: Decodable>(_ type: Model.Type, from url: URL) async throws(RestaurantClientError)
        -> Model
    {
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let data = try await send(request)
        return try decode(type, from: data, url: url)
    }

    private func send(_ request: URLRequest) async throws(RestaurantClientError) -> Data {
        let urlText = request.url?.absoluteString ?? "?"
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw .transport(url: urlText, message: error.localizedDescription)
        }
        guard let http = response as? HTTPURLResponse else {
            throw .transport(url: urlText, message: "the answer is not HTTP")
        }
        guard (200..<300).contains(http.statusCode) else {
            let errorBody = try? JSONDecoder().decode(ErrorBody.self, from: data)
            throw .status(url: urlText, code: http.statusCode, message: errorBody?.error)
        }
        return data
    }

    private func decode<Model: Decodable>(_ type: Model.Type, from data: Data, url: URL)
        throws(RestaurantClientError) -> Model
    {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            let (pointer, message) = RestaurantClientError.describe(error)
            throw .decoding(url: url.absoluteString, type: "\(type)", pointer: pointer, message: message)
        }
    }

    /// The contract's `Error` schema: `{"error": "…"}`.
    private struct ErrorBody: Decodable {
        var error: String
    }
}
