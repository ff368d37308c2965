import ContractFuzz
import ContractKit
import Foundation
import JSONSchema
import RestaurantClient
import Testing

/// The package root, found from this file so tests run from any directory.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

let restaurantContractPath = packageRoot.appendingPathComponent("Contracts/restaurant.json").path

/// Every suite of this target, run one test at a time: the fuzzers are CPU-bound, and running
/// them beside the replay would starve the mock past the contract's latency budget on 2 cores.
@Suite(.serialized) struct RestaurantClientTestSuite {}

/// Case count per model: enough to hit every boundary, small enough for a fast suite.
let fuzzCases = 100

func loadRestaurantContract() throws -> Contract {
    try ContractLoader.load(file: restaurantContractPath)
}

func loadFixtureContract() throws -> Contract {
    try ContractLoader.load(bytes: Array(fixtureContractText.utf8), file: "codable-fixtures.json")
}

func fuzzer(
    _ contract: Contract, _ schema: String, seed: UInt64 = 1, strict: Bool = false,
    isolation: CrashIsolation? = nil
) throws -> CodableFuzzer {
    let pointer = try #require(JSONPointer("/schemas/\(schema)"))
    return CodableFuzzer(
        contract: contract, schemaPointer: pointer, cases: fuzzCases, seed: seed, strict: strict,
        isolation: isolation)
}

/// Models the isolated child decodes; parent and child register the same set.
func registerIsolatedModels() {
    CrashIsolation.register(.roundTrip(TrappingMenuItem.self))
    CrashIsolation.register(.decoding(HangingDish.self))
}

/// The child-process entry point of `CrashIsolation`: does nothing in a normal run; in the child
/// (launched with `--filter crashIsolationEntry`) it decodes the payloads it is given and exits.
@Test func crashIsolationEntry() {
    registerIsolatedModels()
    CrashIsolation.runChildIfRequested()
}

/// The isolation the crash tests use: this test binary, running only `crashIsolationEntry`.
let isolation = CrashIsolation.swiftTestingEntry("crashIsolationEntry", timeout: 5)

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
