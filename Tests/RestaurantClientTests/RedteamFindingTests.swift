import ContractTesting
import Foundation
import RestaurantClient
import Testing

extension RestaurantClientTestSuite {
    /// Findings an app team's package got wrong (issue #17's red team), each with a new model.
    @Suite("An app team's models are judged right")
    struct RedteamFindingTests {
        @Test("a hang on a value of the wrong type is traced to it, and the run goes on")
        func hangOnWrongType() throws {
            registerIsolatedModels()
            var quick = isolation
            quick.timeout = 1
            let report = try restaurantFuzzer(isolation: quick).fuzzDecoding(
                CategoriesLoopingOnNonString.self, .response(200, of: "listCategories"))
            let hangs = report.findings(.hang)
            #expect(hangs.count == 1, "\(report)")
            let hang = try #require(hangs.first, "\(report)")
            // A replacement of the same type (another number) hangs as well; it was taken for a
            // model that hangs on everything, and the run stopped there.
            #expect(hang.pointer == JSONPointer("/categories/0"), "\(hang)")
            #expect(hang.rule == .type)
            #expect(!hang.message.contains("no single value"), "\(hang)")
            #expect(
                try JSONParser.parse(hang.payload) == JSONParser.parse(#"{"categories":[0]}"#),
                "\(hang.payload)")
            #expect(report.casesRun > fuzzCases, "the payloads after the hang still ran")
        }

        @Test("a hang that needs two equal values is one finding, and the run stops after it comes back")
        func hangOnTwoValues() throws {
            registerIsolatedModels()
            var quick = isolation
            quick.timeout = 1
            let started = Date()
            let report = try restaurantFuzzer(isolation: quick).fuzzDecoding(
                MenuHangingOnSharedCategory.self, .response(200, of: "listMenu"))
            let elapsed = Date().timeIntervalSince(started)
            let hangs = report.findings(.hang)
            #expect(hangs.count == 1, "\(report)")
            let hang = try #require(hangs.first, "\(report)")
            // Replacing every value at once with the same plain one kept the two equal: it was
            // called a hang on anything; then each payload with a shared category paid the timeout.
            #expect(starPattern(hang.pointer) == "items/*/category", "\(hang)")
            #expect(hang.message.contains("depends on more than one value"), "\(hang)")
            #expect(elapsed < 60, "took \(elapsed) s")
        }

        @Test("a trap on an empty list the contract allows is one finding at the list")
        func trapOnEmptyList() throws {
            registerIsolatedModels()
            let report = try restaurantFuzzer(isolation: isolation).fuzz(
                MenuTrappingWhenEmpty.self, response: 200, of: "listMenu")
            let crashes = report.findings(.crash)
            // The malformed bodies built on `{"items":[]}` were a second crash finding.
            #expect(crashes.count == 1, "\(report)")
            let crash = try #require(crashes.first, "\(report)")
            #expect(crash.pointer == JSONPointer("/items"), "\(crash)")
            #expect(crash.rule == nil)
            #expect(try JSONParser.parse(crash.payload) == JSONParser.parse(#"{"items":[]}"#))
            #expect(crash.message.contains("the cause is /items = []"), "\(crash)")
        }

        @Test("a model that indexes items by id crashes on a repeated item, which the contract allows")
        func trapOnRepeatedId() throws {
            registerIsolatedModels()
            let report = try restaurantFuzzer(isolation: isolation).fuzz(
                MenuIndexedById.self, response: 200, of: "listMenu")
            // No generated list repeated an id; the list with its first item again does.
            let crash = try #require(report.findings(.crash).first, "\(report)")
            let payload = try JSONParser.parse(crash.payload)
            let ids = payload["items"]?.arrayValue?.compactMap { $0["id"] } ?? []
            #expect(ids.count >= 2 && Set(ids).count < ids.count, "\(crash.payload)")
        }

        @Test("a trap in encode(to:) is a crash at its field, and the text does not blame decoding alone")
        func trapWhenEncoding() throws {
            registerIsolatedModels()
            let report = try restaurantFuzzer(isolation: isolation).fuzz(
                OrderResponseTrappingOnEncode.self, response: 200, of: "placeOrder")
            let crash = try #require(report.findings(.crash).first, "\(report)")
            #expect(crash.pointer == JSONPointer("/preparation_time"), "\(crash)")
            #expect(crash.message.contains("decoding or re-encoding crashed the process"), "\(crash)")
        }

        @Test(
            "a force unwrap of a missing key and a trap on a value are distinct causes, each shrunk to its own"
        )
        func missingKeyAndValue() throws {
            registerIsolatedModels()
            // 200 cases: the mutation that drops `category` comes after the first hundred.
            let report = try CodableFuzzer(
                contractAt: restaurantContractPath, cases: 200, isolation: isolation
            ).fuzzDecoding(MenuItemUnwrappingCategory.self, .schema("MenuItem"))
            let crashes = report.findings(.crash)
            // Shrinking dropped the category the model needs, so the crash on id 0 became a
            // crash on a missing key that no value explained, and it hid every later crash.
            let onId = try #require(crashes.first { $0.pointer == JSONPointer("/id") }, "\(report)")
            #expect(onId.rule == .minimum)
            #expect(
                try JSONParser.parse(onId.payload).objectValue?.keys.sorted() == ["category", "id"], "\(onId)"
            )
            let missing = try #require(crashes.first { $0.rule == .required }, "\(report)")
            #expect(missing.pointer == .root)
            #expect(missing.message.contains("the missing key \"category\""), "\(missing)")
            let onNull = try #require(crashes.first { $0.pointer == JSONPointer("/category") }, "\(report)")
            #expect(
                try JSONParser.parse(onNull.payload)["category"] == .null, "the null is kept, not dropped")
            #expect(!crashes.contains { $0.message.contains("malformed body") }, "\(report)")
        }

        @Test("a model that crashes on every payload gives one finding and the run stops")
        func crashesOnEverything() throws {
            registerIsolatedModels()
            let report = try restaurantFuzzer(isolation: isolation).fuzzDecoding(
                MenuItemWithClosedCategories.self, .schema("MenuItem"))
            // Each payload cost a relaunch and every crash a shrink: about 20 s, and the text
            // blamed the keys shrinking had dropped.
            #expect(report.findings.count == 1, "\(report)")
            let crash = try #require(report.findings(.crash).first, "\(report)")
            #expect(crash.message.contains("no single value is the cause"), "\(crash.message)")
            #expect(!crash.message.contains("lacks what the contract requires"), "\(crash.message)")
            #expect(report.casesRun < 10, "the run stopped: \(report.casesRun) cases")
        }

        @Test("a crash that survives the plainest replacement is still traced to its value")
        func crashBelowAThreshold() throws {
            registerIsolatedModels()
            let report = try restaurantFuzzer(isolation: isolation).fuzzDecoding(
                OrderWithLegacyIds.self, .response(200, of: "placeOrder"))
            let crash = try #require(report.findings(.crash).first, "\(report)")
            #expect(crash.pointer == JSONPointer("/preparation_time"), "\(crash.message)")
            #expect(!crash.message.contains("no single value"), "\(crash.message)")
        }

        @Test("a model that rejects unknown keys where the contract allows them is stricter")
        func unknownKeyInOpenObject() throws {
            // The plan added unknown keys only to objects that forbid them (to break the rule).
            let report = try restaurantFuzzer().fuzzDecoding(
                ErrorBodyRejectingUnknownKeys.self, .response(400, of: "listMenu"))
            let finding = try #require(report.findings(.stricter).first, "\(report)")
            #expect(finding.pointer == JSONPointer("/unexpectedProperty"), "\(finding.message)")
        }

        @Test("a number the contract leaves unbounded reaches past Int.max: Int(price) traps")
        func largePrice() throws {
            registerIsolatedModels()
            let report = try restaurantFuzzer(isolation: isolation).fuzzDecoding(
                MenuItemWithWholePrice.self, .schema("MenuItem"))
            let crash = try #require(report.findings(.crash).first, "\(report)")
            #expect(crash.pointer == JSONPointer("/price"), "\(crash.message)")
            #expect(crash.rule == nil)
        }

        @Test("a model declared in a function is named without addresses when the child lacks it")
        func localTypeName() throws {
            struct DeclaredHere: Decodable { var preparation_time: Int }
            let report = try restaurantFuzzer(isolation: isolation).fuzzDecoding(
                DeclaredHere.self, .response(200, of: "placeOrder"))
            let finding = try #require(report.findings(.isolationFailed).first, "\(report)")
            #expect(!finding.message.contains("unknown context"), "\(finding)")
            #expect(finding.message.contains("DeclaredHere (declared in a function)"), "\(finding)")
        }

        @Test("shrinking keeps a date-time a date-time where the contract only describes formats")
        func shrinkKeepsFormat() throws {
            let report = try fixtureFuzzer().fuzz(ReservationWithNumericDate.self, .schema("Reservation"))
            let finding = try #require(report.findings(.stricter).first, "\(report)")
            #expect(finding.pointer == JSONPointer("/starts_at"))
            let startsAt = try #require(try JSONParser.parse(finding.payload)["starts_at"]?.stringValue)
            #expect(!startsAt.isEmpty, "\(finding)")
            #expect(startsAt.contains("T"), "still a date-time: \(startsAt)")
        }
    }
}

/// `/items/3/name` as `items/*/name`.
func starPattern(_ pointer: JSONPointer) -> String {
    pointer.tokens.map { Int($0) == nil ? $0 : "*" }.joined(separator: "/")
}
