import ContractTesting
import Foundation
import RestaurantClient
import Testing

extension RestaurantClientTestSuite {
    /// Recorded server responses (`conform run --record Contracts/restaurant/samples`) still decode.
    @Suite("Recorded samples decode")
    struct CorpusTests {
        let corpus = SampleCorpus(directories: [
            SampleCorpus.directory(forContract: restaurantContractPath),
            // A folder written by `conform run --record DIR` in CI, when the pipeline provides one.
            URL(
                fileURLWithPath: ProcessInfo.processInfo.environment["CONFORM_SAMPLES_DIR"] ?? "/nonexistent"),
        ])

        @Test("every recorded sample decodes with the model of its endpoint")
        func corpusDecodes() {
            let reports = [
                corpus.check(MenuResponse.self, endpoint: "listMenu"),
                corpus.check(CategoriesResponse.self, endpoint: "listCategories"),
                corpus.check(OrderResponse.self, endpoint: "placeOrder"),
            ]
            for report in reports {
                #expect(report.casesRun > 0, "no samples for \(report.typeName)")
                #expect(report.passed, "\(report)")
            }
        }

        @Test("a model change that breaks a recorded payload is a regression at its pointer")
        func regression() throws {
            struct BrokenMenu: Decodable { var items: [MenuItemWithIntegerPrice] }
            let report = corpus.check(BrokenMenu.self, endpoint: "listMenu")
            let finding = try #require(report.failures.first)
            #expect(finding.kind == .regression)
            #expect(finding.pointer == JSONPointer("/items/0/price"), "\(finding)")
            #expect(finding.message.contains("listMenu/200-"))
        }
    }
}
