import ContractTesting
import Foundation
import RestaurantClient
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Restaurant contract replayed, and the RestaurantClient run, against `CONFORM_BASE_URL` or
/// the contract's embedded mock (started on a free port when the variable is absent).
let restaurant = ContractSuite.named(restaurantContractPath)
extension RestaurantClientTestSuite {

    @Suite("RestaurantClient against the server")
    struct ClientReplayTests {
        @Test("the server conforms to the contract", arguments: restaurant.cases)
        func conformance(_ example: ContractCase) async {
            await restaurant.expectConformance(example)
        }

        /// A client on its own ephemeral session, so no kept-alive connection outlives the test.
        private func withClient(_ body: (RestaurantAPIClient) async throws -> Void) async throws {
            let baseURL = try #require(URL(string: try await restaurant.baseURL ?? ""))
            let session = URLSession(configuration: .ephemeral)
            defer { session.invalidateAndCancel() }
            try await body(RestaurantAPIClient(baseURL: baseURL, session: session))
        }

        @Test("categories, menu, filtered menu, image and order decode into the app's models")
        func clientCalls() async throws {
            try await withClient { client in
                let categories = try await client.fetchCategories()
                #expect(!categories.isEmpty)
                let menu = try await client.fetchMenuItems(forCategory: nil)
                let first = try #require(menu.first)
                let entrees = try await client.fetchMenuItems(forCategory: "Entrees")
                #expect(entrees.allSatisfy { $0.category == "Entrees" })
                let image = try await client.fetchImage(from: first.imageURL)
                #expect(!image.isEmpty)
                let minutes = try await client.submitOrder(
                    forMenuIDs: Order(menuItems: [first]).request.menuIDs)
                #expect(minutes >= 0)
            }
        }

        @Test("a rejected order is a typed error with the server's message")
        func rejectedOrder() async throws {
            try await withClient { client in
                await #expect {
                    _ = try await client.submitOrder(forMenuIDs: [])
                } throws: { error in
                    guard case .status(_, let code, let message)? = error as? RestaurantClientError else {
                        return false
                    }
                    return code == 400 && message?.isEmpty == false
                }
            }
        }

        @Test("an unreachable server is a transport error naming the URL")
        func unreachable() async throws {
            let session = URLSession(configuration: .ephemeral)
            defer { session.invalidateAndCancel() }
            let client = RestaurantAPIClient(
                baseURL: try #require(URL(string: "http://127.0.0.1:9")), session: session)
            await #expect {
                _ = try await client.fetchCategories()
            } throws: { error in
                guard case .transport(let url, _)? = error as? RestaurantClientError else { return false }
                return url == "http://127.0.0.1:9/categories"
            }
        }
    }
}
