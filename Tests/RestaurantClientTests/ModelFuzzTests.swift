import ConformHTTP
import ContractTesting
import Foundation
import RestaurantClient
import Testing

extension RestaurantClientTestSuite {
    /// Every RestaurantClient model against the endpoint it decodes or sends: what a team runs to
    /// know its models and the API agree, both ways. One import (`ContractTesting`) is enough.
    @Suite("RestaurantClient models against the contract")
    struct ModelFuzzTests {
        /// One model and where it meets the contract.
        struct ModelCase: Sendable, CustomTestStringConvertible {
            var name: String
            var target: FuzzTarget
            var fuzz: @Sendable (CodableFuzzer) -> FuzzReport
            var testDescription: String { "\(name) as \(target)" }
        }

        static let models: [ModelCase] = [
            ModelCase(name: "MenuItem", target: .schema("MenuItem")) {
                $0.fuzz(MenuItem.self, schema: "MenuItem")
            },
            ModelCase(name: "MenuResponse", target: .response(200, of: "listMenu")) {
                $0.fuzz(MenuResponse.self, response: 200, of: "listMenu")
            },
            ModelCase(name: "CategoriesResponse", target: .response(200, of: "listCategories")) {
                $0.fuzz(CategoriesResponse.self, .response(200, of: "listCategories"))
            },
            ModelCase(name: "OrderResponse", target: .response(200, of: "placeOrder")) {
                $0.fuzz(OrderResponse.self, .response(200, of: "placeOrder"))
            },
            ModelCase(name: "OrderRequest", target: .requestBody(of: "placeOrder")) {
                $0.fuzz(OrderRequest.self, requestBodyOf: "placeOrder")
            },
        ]

        @Test("correct models give no failing finding", arguments: models)
        func correctModels(_ model: ModelCase) throws {
            let report = model.fuzz(try restaurantFuzzer())
            report.recordIssues()
            #expect(report.casesRun >= fuzzCases)
            #expect(report.findings.allSatisfy { $0.kind == .looser }, "only warnings: \(report)")
        }

        @Test("the test helper records one issue per failing finding, with its reproduction")
        func recordsIssues() throws {
            let report = try restaurantFuzzer().fuzz(AllOptionalMenuItem.self, schema: "MenuItem")
            let recorded = Locked<[String]>([])
            withKnownIssue {
                report.recordIssues()
            } matching: { issue in
                let text = issue.comments.map(\.rawValue).joined()
                recorded.withLock { $0.append(text) }
                return text.contains("reproduce: CodableFuzzer(") && text.contains("payload: ")
            }
            #expect(recorded.withLock(\.count) == report.failures.count)
            // `#expect(report.passed, "\(report)")`: the expanded expression shows the one-line
            // summary, the comment the whole report, so the findings appear once.
            #expect(report.testDescription == report.summary)
            #expect(!report.testDescription.contains("\n"))
            let comment: Comment = "\(report)"
            #expect(comment.rawValue == report.description)
        }

        @available(*, deprecated, message: "exercises the deprecated schema-pointer API")
        @Test("the first, schema-pointer API still compiles and fuzzes the same way")
        func schemaPointerAPI() throws {
            let contract = try ContractLoader.load(file: restaurantContractPath)
            let pointer = try #require(JSONPointer("/schemas/MenuItem"))
            let fuzzer = CodableFuzzer(contract: contract, schemaPointer: pointer, cases: fuzzCases)
            #expect(fuzzer.fuzz(MenuItem.self).passed)
            #expect(!fuzzer.fuzz(AllOptionalMenuItem.self).passed)
            let strict = CodableFuzzer(
                contract: contract, schemaPointer: pointer, cases: fuzzCases, strict: true)
            #expect(!strict.fuzz(MenuItem.self).passed)
        }

        @Test("an unknown endpoint or schema is a problem with a suggestion, not a silent pass")
        func unknownTarget() throws {
            let fuzzer = try restaurantFuzzer()
            let report = fuzzer.fuzz(MenuResponse.self, response: 200, of: "listMenus")
            #expect(!report.passed)
            #expect(report.problem?.contains("did you mean \"listMenu\"") == true, "\(report)")
            let schema = fuzzer.fuzz(MenuItem.self, schema: "Menuitem")
            #expect(schema.problem?.contains("did you mean \"MenuItem\"") == true, "\(schema)")
        }

        @Test("orders the app builds encode to request bodies the contract accepts")
        func orderRequests() throws {
            let image = try #require(URL(string: "https://example.com/images/1.png"))
            let dish = { (id: Int) in
                MenuItem(
                    id: id, name: "Dish \(id)", detailText: "", price: 1.5, category: "Entrees",
                    imageURL: image)
            }
            let orders = [[1], [1, 2, 3], [99_999, 7]].map { Order(menuItems: $0.map(dish)).request }
            let report = try restaurantFuzzer().checkEncoding(orders, .requestBody(of: "placeOrder"))
            #expect(report.passed, "\(report)")
            #expect(report.casesRun == orders.count)
        }

        @Test("an empty order is caught: the contract needs at least one id")
        func emptyOrder() throws {
            let report = try restaurantFuzzer().checkEncoding(
                [Order().request], .requestBody(of: "placeOrder"))
            let finding = try #require(report.failures.first)
            #expect(finding.kind == .encodingDrift)
            #expect(finding.pointer == JSONPointer("/menuIds"))
            #expect(finding.rule == .minItems)
        }
    }
}
