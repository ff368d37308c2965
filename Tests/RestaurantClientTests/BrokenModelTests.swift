import ContractTesting
import Foundation
import RestaurantClient
import Testing

extension RestaurantClientTestSuite {
    /// The fuzzer catches each deliberately broken model with the right kind, shrinks the payload
    /// to the field at fault, and reproduces the finding from the printed seed and case index.
    @Suite("Broken models are caught")
    struct BrokenModelTests {
        @Test("price as Int is stricter than the contract at /price")
        func integerPrice() throws {
            let report = try restaurantFuzzer().fuzz(MenuItemWithIntegerPrice.self, schema: "MenuItem")
            let finding = try #require(report.findings(.stricter).first, "\(report)")
            #expect(finding.pointer == JSONPointer("/price"), "\(report)")
            #expect(finding.isFailure)
            #expect(finding.message.hasPrefix("MenuItemWithIntegerPrice is stricter than the contract: "))
            let minimal = try JSONParser.parse(finding.payload)
            #expect(minimal["price"]?.numberValue?.isInteger == false)
            #expect(minimal["name"]?.stringValue?.count == 1)
            try expectReproducible(finding, MenuItemWithIntegerPrice.self, .schema("MenuItem"))
        }

        @Test("a wrong CodingKey is stricter: the finding names the wire key the payload has")
        func wrongKey() throws {
            let item = try restaurantFuzzer().fuzz(MenuItemWithWrongKey.self, schema: "MenuItem")
            let finding = try #require(item.findings(.stricter).first, "\(item)")
            #expect(finding.pointer == .root, "the object that lacks the key, which exists in the payload")
            #expect(finding.message.contains("\"imageUrl\""), "\(finding)")
            #expect(finding.message.contains("the payload has \"image_url\""), "\(finding)")
            try expectReproducible(finding, MenuItemWithWrongKey.self, .schema("MenuItem"))
        }

        @Test("a property named imageURL without CodingKeys: image_url is named, not a pointer to /imageURL")
        func missingCodingKeys() throws {
            let report = try restaurantFuzzer().fuzz(MenuItemWithoutCodingKeys.self, schema: "MenuItem")
            let finding = try #require(report.findings(.stricter).first, "\(report)")
            #expect(finding.pointer == .root)
            #expect(finding.message.contains("the payload has \"image_url\""), "\(finding)")
            let payload = try JSONParser.parse(finding.payload)
            #expect(finding.pointer.resolve(in: payload) != nil, "the pointer exists in the payload")
        }

        @Test("with a key strategy, the pointer still names the payload's key (/image_url, not /imageUrl)")
        func keyStrategy() throws {
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            let fuzzer = try CodableFuzzer(
                contractAt: restaurantContractPath, decoder: decoder, cases: fuzzCases)
            let report = fuzzer.fuzzDecoding(SnakeCaseMenuItemWithNumericImage.self, .schema("MenuItem"))
            let finding = try #require(report.findings(.stricter).first, "\(report)")
            #expect(finding.pointer == JSONPointer("/image_url"), "\(finding)")
        }

        @Test("an encoding key typo drifts: the pointer exists in the payload, the text names both keys")
        func encodingTypo() throws {
            let report = try restaurantFuzzer().fuzz(MenuItemWithEncodingTypo.self, schema: "MenuItem")
            let drift = try #require(report.findings(.encodingDrift).first, "\(report)")
            #expect(drift.isFailure)
            #expect(drift.pointer == .root, "\(drift)")
            #expect(drift.message.contains("the payload spells it \"image_url\""), "\(drift)")
            #expect(report.findings(.stricter).isEmpty)
        }

        @Test("a non-optional field the contract allows to be null is stricter")
        func requiredNullable() throws {
            let report = try fixtureFuzzer().fuzz(
                DishWithRequiredNickname.self, .response(200, of: "getDish"))
            let finding = try #require(report.findings(.stricter).first, "\(report)")
            #expect(finding.pointer == JSONPointer("/nickname"))
            #expect(try JSONParser.parse(finding.payload)["nickname"] == .null)
        }

        @Test("an enum missing a case is stricter at the enum's field; replayed in decode-only mode")
        func missingEnumCase() throws {
            let fuzzer = try fixtureFuzzer()
            let report = fuzzer.fuzzDecoding(DishWithMissingEnumCase.self, .schema("Dish"))
            let finding = try #require(report.findings(.stricter).first, "\(report)")
            #expect(finding.pointer == JSONPointer("/spiciness"))
            #expect(try JSONParser.parse(finding.payload)["spiciness"] == "hot")
            #expect(finding.reproduction.contains("reproduceDecoding(DishWithMissingEnumCase.self"))
            let replay = fuzzer.reproduceDecoding(
                DishWithMissingEnumCase.self, .schema("Dish"), caseIndex: finding.caseIndex)
            #expect(replay.findings.first?.payload == finding.payload)
        }

        @Test("an optional field the contract requires is looser and fails: rule required")
        func optionalField() throws {
            let report = try restaurantFuzzer().fuzz(MenuItemWithOptionalName.self, schema: "MenuItem")
            let finding = try #require(report.findings(.looser).first { $0.rule == .required }, "\(report)")
            #expect(finding.isFailure)
            #expect(!report.passed)
            #expect(report.findings(.stricter).isEmpty)
        }

        @Test("an all-optional model is looser: required and type findings fail the run")
        func allOptional() throws {
            let report = try restaurantFuzzer().fuzz(AllOptionalMenuItem.self, schema: "MenuItem")
            #expect(!report.passed)
            let rules = Set(report.failures.compactMap(\.rule))
            #expect(rules.contains(.required), "\(report)")
            #expect(report.failures.allSatisfy { $0.kind == .looser }, "\(report)")
        }

        @Test("lossy array decoding is looser: the finding says the item was dropped")
        func lossy() throws {
            let report = try restaurantFuzzer().fuzz(LossyMenuResponse.self, response: 200, of: "listMenu")
            #expect(!report.passed)
            let finding = try #require(report.failures.first { $0.message.contains("dropped") }, "\(report)")
            #expect(finding.kind == .looser)
            #expect(finding.message.contains("dropped the item at /items/0"), "\(finding)")
            let payload = try JSONParser.parse(finding.payload)
            #expect(finding.pointer.resolve(in: payload) != nil || finding.rule == .required, "\(finding)")
        }

        @Test("which rules fail is the test's choice; the default passes a correct model")
        func failingRules() throws {
            let strict = try restaurantFuzzer(failingRules: .all).fuzz(MenuItem.self, schema: "MenuItem")
            #expect(!strict.passed, "plain Codable cannot check minLength or pattern")
            #expect(strict.failures.allSatisfy { $0.kind == .looser && $0.rule != nil })
            let strictKeys = try restaurantFuzzer(failingRules: .codable.adding(.additionalProperties))
                .fuzz(MenuItem.self, schema: "MenuItem")
            #expect(strictKeys.failures.map(\.rule) == [.additionalProperties], "\(strictKeys)")
            let lenient = try restaurantFuzzer().fuzz(MenuItem.self, schema: "MenuItem")
            #expect(lenient.passed, "\(lenient)")
            #expect(!lenient.warnings.isEmpty)
        }

        @Test("an optional property for a key that may be absent passes, though it also decodes null")
        func optionalKeyAcceptsNull() throws {
            struct Note: Codable {
                var id: Int
                var text: String?
            }
            let report = try fixtureFuzzer().fuzz(Note.self, .schema("Note"))
            #expect(report.passed, "\(report)")
            let null = try #require(report.warnings.first { $0.pointer == JSONPointer("/text") }, "\(report)")
            #expect(null.rule == .type)
            #expect(null.message.contains("plain Codable decodes null and an absent key alike"))
        }

        @Test("every finding's pointer exists in its payload")
        func pointersExist() throws {
            let fuzzer = try restaurantFuzzer()
            let reports = [
                fuzzer.fuzz(MenuItemWithIntegerPrice.self, schema: "MenuItem"),
                fuzzer.fuzz(MenuItemWithWrongKey.self, schema: "MenuItem"),
                fuzzer.fuzz(MenuItemWithoutCodingKeys.self, schema: "MenuItem"),
                fuzzer.fuzz(AllOptionalMenuItem.self, schema: "MenuItem"),
                fuzzer.fuzz(MenuItemWithEncodingTypo.self, schema: "MenuItem"),
                fuzzer.fuzz(LossyMenuResponse.self, response: 200, of: "listMenu"),
            ]
            for finding in reports.flatMap(\.findings) {
                guard let payload = try? JSONParser.parse(finding.payload) else { continue }
                #expect(finding.pointer.resolve(in: payload) != nil, "\(finding)")
            }
        }

        /// Replays the finding's case alone with the printed seed and expects the same minimal payload.
        private func expectReproducible<Model: Codable>(
            _ finding: CodableFinding, _ type: Model.Type, _ target: FuzzTarget
        ) throws {
            #expect(finding.reproduction.contains("caseIndex: \(finding.caseIndex)"))
            let replay = try restaurantFuzzer(seed: finding.seed).reproduce(
                type, target, caseIndex: finding.caseIndex)
            let again = try #require(replay.findings.first)
            #expect(again.kind == finding.kind)
            #expect(again.payload == finding.payload)
            #expect(again.pointer == finding.pointer)
        }
    }
}
