import ContractFuzz
import ContractKit
import Foundation
import JSONSchema
import RestaurantClient
import SchemaGeneration
import Testing

extension RestaurantClientTestSuite {
    /// Every RestaurantClient model against its schema in the Restaurant contract: what a team runs
    /// to know its models and the API agree, both ways.
    @Suite("RestaurantClient models against the contract")
    struct ModelFuzzTests {
        @Test(
            "response models decode every valid payload and encode back to valid JSON",
            arguments: ["MenuItem", "MenuResponse", "CategoriesResponse", "OrderResponse", "OrderRequest"])
        func responseModels(_ schema: String) throws {
            let fuzzer = try fuzzer(try loadRestaurantContract(), schema)
            let report: FuzzReport
            switch schema {
            case "MenuItem": report = fuzzer.fuzz(MenuItem.self)
            case "MenuResponse": report = fuzzer.fuzz(MenuResponse.self)
            case "CategoriesResponse": report = fuzzer.fuzz(CategoriesResponse.self)
            case "OrderResponse": report = fuzzer.fuzz(OrderResponse.self)
            default: report = fuzzer.fuzz(OrderRequest.self)
            }
            #expect(report.passed, "\(report)")
            #expect(report.casesRun >= fuzzCases)
        }

        @Test("an order of fuzzed menu items encodes to a request body the contract accepts")
        func orderRequests() throws {
            let contract = try loadRestaurantContract()
            let menus = try fuzzer(contract, "MenuResponse")
            var orders: [OrderRequest] = []
            var rng = SeededRandom(seed: menus.seed)
            let generator = InstanceGenerator(document: contract.document, baseURI: contract.baseURI)
            for _ in 0..<20 {
                let value = try generator.instance(
                    at: try #require(JSONPointer("/schemas/MenuResponse")), using: &rng)
                let menu = try JSONDecoder().decode(
                    MenuResponse.self, from: Data(JSONSerializer().bytes(value)))
                guard !menu.items.isEmpty else { continue }
                orders.append(Order(menuItems: menu.items).request)
            }
            #expect(!orders.isEmpty)
            let report = try fuzzer(contract, "OrderRequest").checkEncoding(orders)
            #expect(report.passed, "\(report)")
        }

        @Test("an empty order is caught: the contract needs at least one id")
        func emptyOrder() throws {
            let report = try fuzzer(try loadRestaurantContract(), "OrderRequest").checkEncoding([
                Order().request
            ])
            let finding = try #require(report.failures.first)
            #expect(finding.kind == .encodingDrift)
            #expect(finding.pointer == JSONPointer("/menuIds"))
        }
    }
}
