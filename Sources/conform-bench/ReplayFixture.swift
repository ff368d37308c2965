import ContractKit
import Foundation
import JSONSchema

/// A Restaurant-shaped contract with many independent examples, so a replay run is long enough to
/// time and every example can run in parallel (no captured variables link them).
enum ReplayFixture {
    /// The Restaurant contract with its endpoints cut to `/categories` and `/menu`, each carrying
    /// `count / 2` examples with a status expectation and an assertion.
    static func contract(from restaurant: JSONValue, count: Int) throws -> Contract {
        guard case .object(var document) = restaurant, let endpoints = restaurant["endpoints"]?.arrayValue
        else {
            throw BenchFailure("Contracts/restaurant.json has no endpoints")
        }
        var kept: [JSONValue] = []
        for endpoint in endpoints {
            guard case .object(var object) = endpoint, let id = object["id"]?.stringValue else { continue }
            let assertedPath: String
            switch id {
            case "listCategories": assertedPath = "/categories"
            case "listMenu": assertedPath = "/items"
            default: continue
            }
            object["examples"] = .array(
                (0..<(count / 2)).map { index in
                    [
                        "name": .string("\(id) #\(index)"),
                        "expect": ["status": 200],
                        "assert": [["path": .string(assertedPath), "notEmpty": true]],
                    ]
                })
            kept.append(.object(object))
        }
        document["endpoints"] = .array(kept)
        let bytes = JSONSerializer(style: .pretty).bytes(.object(document))
        return try ContractLoader.load(bytes: bytes, file: "bench-restaurant.json")
    }

    /// The URL of each case in plan order, for the bare URLSession baseline.
    static func urls(of contract: Contract, baseURL: String) -> [URL] {
        contract.endpoints.flatMap { endpoint in
            endpoint.examples.compactMap { _ in URL(string: baseURL + endpoint.path.template) }
        }
    }
}
