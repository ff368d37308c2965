import ContractFuzz
import ContractKit
import Foundation
import JSONSchema
import Testing

extension RestaurantClientTestSuite {
    /// The fuzzer catches each deliberately broken model, shrinks the payload to the field at fault,
    /// and reproduces the finding from the printed seed and case index.
    @Suite("Broken models are caught")
    struct BrokenModelTests {
        @Test("price as Int is stricter than the contract at /price")
        func integerPrice() throws {
            let report = try fuzzer(try loadRestaurantContract(), "MenuItem").fuzz(
                MenuItemWithIntegerPrice.self)
            let finding = try #require(report.findings(.stricter).first, "\(report)")
            #expect(finding.pointer == JSONPointer("/price"), "\(report)")
            #expect(finding.isFailure)
            #expect(finding.message.hasPrefix("MenuItemWithIntegerPrice is stricter than the contract: "))
            let minimal = try JSONParser.parse(finding.payload)
            #expect(minimal["price"]?.numberValue?.isInteger == false)
            #expect(minimal["name"]?.stringValue?.count == 1)
            try expectReproducible(
                finding, MenuItemWithIntegerPrice.self, contract: loadRestaurantContract(), "MenuItem")
        }

        @Test("a wrong CodingKey is stricter: the key the contract uses is never read")
        func wrongKey() throws {
            let report = try fuzzer(try loadRestaurantContract(), "MenuItem").fuzz(MenuItemWithWrongKey.self)
            let finding = try #require(report.findings(.stricter).first, "\(report)")
            #expect(finding.pointer == JSONPointer("/imageUrl"))
            #expect(finding.message.contains("the key \"imageUrl\" is missing"))
            try expectReproducible(
                finding, MenuItemWithWrongKey.self, contract: loadRestaurantContract(), "MenuItem")
        }

        @Test("a non-optional field the contract allows to be null is stricter")
        func requiredNullable() throws {
            let report = try fuzzer(try loadFixtureContract(), "Dish").fuzz(DishWithRequiredNickname.self)
            let finding = try #require(report.findings(.stricter).first, "\(report)")
            #expect(finding.pointer == JSONPointer("/nickname"))
            #expect(try JSONParser.parse(finding.payload)["nickname"] == .null)
            try expectReproducible(
                finding, DishWithRequiredNickname.self, contract: loadFixtureContract(), "Dish")
        }

        @Test("an enum missing a case is stricter at the enum's field")
        func missingEnumCase() throws {
            let report = try fuzzer(try loadFixtureContract(), "Dish").fuzz(DishWithMissingEnumCase.self)
            let finding = try #require(report.findings(.stricter).first, "\(report)")
            #expect(finding.pointer == JSONPointer("/spiciness"))
            #expect(try JSONParser.parse(finding.payload)["spiciness"] == "hot")
            try expectReproducible(
                finding, DishWithMissingEnumCase.self, contract: loadFixtureContract(), "Dish")
        }

        @Test("an optional field the contract requires is looser: a warning, a failure when strict")
        func looser() throws {
            let contract = try loadRestaurantContract()
            let lenient = try fuzzer(contract, "MenuItem").fuzz(MenuItemWithOptionalName.self)
            let warning = try #require(lenient.findings(.looser).first { $0.pointer == .root }, "\(lenient)")
            #expect(!warning.isFailure)
            #expect(lenient.findings(.stricter).isEmpty)
            let strict = try fuzzer(contract, "MenuItem", strict: true).fuzz(MenuItemWithOptionalName.self)
            #expect(!strict.passed)
        }

        @Test("a trap in init(from:) is a crash finding, isolated in a child process")
        func trapInChildProcess() throws {
            registerIsolatedModels()
            let report = try fuzzer(try loadRestaurantContract(), "MenuItem", isolation: isolation)
                .fuzz(TrappingMenuItem.self)
            let crash = try #require(report.findings(.crash).first, "\(report)")
            #expect(crash.isFailure)
            #expect(!crash.message.contains("crash isolation failed"), "\(crash)")
            let minimal = try JSONParser.parse(crash.payload)
            #expect(minimal["price"] == 0)
            #expect(minimal["description"] == nil, "shrinking drops the keys the model ignores")
            let replay = try fuzzer(
                try loadRestaurantContract(), "MenuItem", seed: crash.seed, isolation: isolation
            )
            .reproduce(TrappingMenuItem.self, caseIndex: crash.caseIndex)
            #expect(replay.findings(.crash).first?.payload == crash.payload)
        }

        @Test("an init(from:) that never returns is a hang finding, and the run goes on")
        func hang() throws {
            registerIsolatedModels()
            var quick = isolation
            quick.timeout = 0.5
            let report = try fuzzer(try loadFixtureContract(), "Dish", isolation: quick).fuzzDecoding(
                HangingDish.self)
            let hang = try #require(report.findings(.hang).first, "\(report)")
            #expect(hang.isFailure)
            #expect(try JSONParser.parse(hang.payload)["id"] == 100_000)
            #expect(report.casesRun > fuzzCases, "the payloads after the hang still ran")
        }

        @Test("the same trap, caught by a Swift Testing exit test")
        func trapInExitTest() async {
            await #expect(processExitsWith: .failure) {
                let payload = #"{"id":1,"name":"a","price":0}"#
                _ = try? JSONDecoder().decode(TrappingMenuItem.self, from: Data(payload.utf8))
            }
        }

        /// Replays the finding's case alone with the printed seed and expects the same minimal payload.
        private func expectReproducible<Model: Codable>(
            _ finding: CodableFinding, _ type: Model.Type, contract: Contract, _ schema: String
        ) throws {
            let replay = try fuzzer(contract, schema, seed: finding.seed).reproduce(
                type, caseIndex: finding.caseIndex)
            let again = try #require(replay.findings.first)
            #expect(again.kind == finding.kind)
            #expect(again.payload == finding.payload)
            #expect(again.pointer == finding.pointer)
        }
    }
}

extension RestaurantClientTestSuite.BrokenModelTests {
    @Test("a model the child does not know is reported as an isolation failure, not a crash of the model")
    func unregisteredModel() throws {
        struct Unregistered: Codable { var id: Int }
        let report = try fuzzer(try loadRestaurantContract(), "OrderResponse", isolation: isolation)
            .fuzz(Unregistered.self)
        let finding = try #require(report.findings.first)
        #expect(report.findings.count == 1)
        #expect(finding.message.contains("no model is registered as Unregistered"), "\(finding)")
    }
}
