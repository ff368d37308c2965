import ContractTesting
import Foundation
import RestaurantClient
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension RestaurantClientTestSuite {
    /// The app's own client checked as it talks: every exchange of `RestaurantAPIClient` goes
    /// through `ContractTraffic`, and a finding is an issue of the test that made the call.
    @Suite("RestaurantClient's own traffic, checked against the contract")
    struct ClientTrafficTests {
        /// A client whose session checks its traffic against the contract's server.
        private func withCheckedClient(
            _ body: (RestaurantAPIClient, ContractTraffic, URLSession) async throws -> Void
        ) async throws {
            let traffic = try await restaurant.traffic()
            try await traffic.withCheckedSession { session in
                try await body(RestaurantAPIClient(baseURL: traffic.url, session: session), traffic, session)
            }
        }

        @Test("the client's calls keep the contract: no issue, and every call was checked")
        func correctTraffic() async throws {
            try await withCheckedClient { client, traffic, _ in
                let categories = try await client.fetchCategories()
                let menu = try await client.fetchMenuItems(forCategory: categories.first)
                let first = try #require(menu.first)
                _ = try await client.fetchImage(from: first.imageURL)
                _ = try await client.submitOrder(forMenuIDs: [first.id])
                #expect(
                    traffic.results.map(\.endpointID) == [
                        "listCategories", "listMenu", "getImage", "placeOrder",
                    ])
                #expect(traffic.results.allSatisfy { $0.outcome == .passed })
            }
        }

        @Test("an empty order breaks the request's schema: the issue names the client's side")
        func emptyOrder() async throws {
            try await withCheckedClient { client, traffic, _ in
                await withKnownIssue {
                    _ = try? await client.submitOrder(forMenuIDs: [])
                } matching: { issue in
                    let text = issue.comments.map(\.rawValue).joined()
                    return text.contains("placeOrder/call")
                        && text.contains("request_schema_conformance (the client's request): /menuIds")
                }
                #expect(traffic.results.last?.findings.map(\.check) == [.requestSchemaConformance])
            }
        }

        @Test("a misspelt query parameter is found in a call made through the same session")
        func misspeltQuery() async throws {
            try await withCheckedClient { _, _, session in
                let url = try #require(URL(string: try await restaurant.baseURL ?? ""))
                    .appendingPathComponent("menu")
                var components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
                components.queryItems = [URLQueryItem(name: "categry", value: "Entrees")]
                let request = URLRequest(url: try #require(components.url))
                try await withKnownIssue {
                    _ = try await session.data(for: request)
                } matching: { issue in
                    issue.comments.map(\.rawValue).joined().contains(#"did you mean "category"?"#)
                }
            }
        }
    }
}
