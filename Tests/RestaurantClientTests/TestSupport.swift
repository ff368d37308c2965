import ConformTestSupport
import ContractTesting
import Foundation
import RestaurantClient
import Testing

/// The package root, found from this file so tests run from any directory.
let packageRoot = TestPaths.packageRoot

let restaurantContractPath = packageRoot.appendingPathComponent("Contracts/restaurant.json").path

/// Every suite of this target, run one test at a time: the fuzzers are CPU-bound, and running
/// them beside the replay would starve the mock past the contract's latency budget on 2 cores.
@Suite(.serialized) struct RestaurantClientTestSuite {}

/// Case count per model: enough to hit every boundary, small enough for a fast suite.
let fuzzCases = 100

/// The Restaurant contract's fuzzer as an app's test suite builds it: from the contract's path.
func restaurantFuzzer(
    seed: UInt64 = 1, failingRules: FailingRules = .codable, isolation: CrashIsolation? = nil
) throws -> CodableFuzzer {
    try CodableFuzzer(
        contractAt: restaurantContractPath, cases: fuzzCases, seed: seed, failingRules: failingRules,
        isolation: isolation)
}

/// The fixture contract's fuzzer (a nullable required field and an enum, which the Restaurant
/// contract lacks).
func fixtureFuzzer(seed: UInt64 = 1, isolation: CrashIsolation? = nil) throws -> CodableFuzzer {
    let contract = try ContractLoader.load(
        bytes: Array(fixtureContractText.utf8), file: "codable-fixtures.json")
    return CodableFuzzer(contract: contract, cases: fuzzCases, seed: seed, isolation: isolation)
}

/// Models the isolated child decodes; parent and child register the same set. Each is keyed by
/// its full type identity, so `TrapOnEmptyName.MenuItem` and `RestaurantClient.MenuItem` coexist.
func registerIsolatedModels() {
    CrashIsolation.register(.roundTrip(TrappingMenuItem.self))
    CrashIsolation.register(.roundTrip(TwoTrapMenuItem.self))
    CrashIsolation.register(.roundTrip(TwoAllowedTrapsMenuItem.self))
    CrashIsolation.register(.roundTrip(MenuItem.self))
    CrashIsolation.register(.roundTrip(TrapOnEmptyName.MenuItem.self))
    CrashIsolation.register(.decoding(HangingDish.self))
    CrashIsolation.register(.decoding(AlwaysHangingDish.self))
    CrashIsolation.register(.decoding(HangOnFreeItem.self))
    CrashIsolation.register(.decoding(CategoriesLoopingOnNonString.self))
    CrashIsolation.register(.roundTrip(MenuTrappingWhenEmpty.self))
    CrashIsolation.register(.decoding(MenuHangingOnSharedCategory.self))
    CrashIsolation.register(.roundTrip(OrderResponseTrappingOnEncode.self))
    CrashIsolation.register(.decoding(MenuItemUnwrappingCategory.self))
    CrashIsolation.register(.decoding(MenuItemWithClosedCategories.self))
    CrashIsolation.register(.decoding(OrderWithLegacyIds.self))
    CrashIsolation.register(.decoding(MenuItemWithWholePrice.self))
    CrashIsolation.register(.roundTrip(MenuIndexedById.self))
}

/// The child-process entry point of `CrashIsolation`: does nothing in a normal run; in the child
/// (launched with `--filter crashIsolationEntry`) it decodes the payloads it is given and exits.
@Test func crashIsolationEntry() {
    registerIsolatedModels()
    CrashIsolation.runChildIfRequested()
}

/// An entry whose child takes a while to start, as a debug binary on a loaded machine does: the
/// hang clock must not run before the child reports ready.
@Test func slowCrashIsolationEntry() {
    guard CrashIsolation.isChild else { return }
    Thread.sleep(forTimeInterval: 1.5)
    registerIsolatedModels()
    CrashIsolation.runChildIfRequested()
}

/// The isolation the crash tests use: this test binary, running only `crashIsolationEntry`.
let isolation = CrashIsolation.swiftTestingEntry("crashIsolationEntry")

/// A contract with what the Restaurant contract lacks: a nullable required field and an enum.
let fixtureContractText = """
    {
      "conform": 1,
      "name": "Codable fixtures",
      "version": "1.0.0",
      "schemas": {
        "Dish": {
          "type": "object",
          "required": ["id", "name", "nickname", "spiciness"],
          "properties": {
            "id": { "type": "integer", "minimum": 1, "maximum": 100000 },
            "name": { "type": "string", "minLength": 1 },
            "nickname": { "type": ["string", "null"] },
            "spiciness": { "enum": ["mild", "medium", "hot"] }
          },
          "additionalProperties": false
        },
        "Reservation": {
          "type": "object",
          "required": ["id", "starts_at"],
          "properties": {
            "id": { "type": "integer", "minimum": 1 },
            "starts_at": { "type": "string", "format": "date-time" }
          },
          "additionalProperties": false
        },
        "Note": {
          "type": "object",
          "required": ["id"],
          "properties": {
            "id": { "type": "integer" },
            "text": { "type": "string" }
          },
          "additionalProperties": false
        }
      },
      "endpoints": [
        {
          "id": "getDish",
          "method": "GET",
          "path": "/dish",
          "responses": {
            "200": { "contentType": "application/json", "schema": { "$ref": "#/schemas/Dish" } }
          }
        }
      ]
    }
    """
