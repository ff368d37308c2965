import ConformHTTP
import ConformTestSupport
import ContractKit
import ContractMock
import Foundation
import JSONSchema
import Testing

/// The package root, found from this file.
let packageRoot = TestPaths.packageRoot

/// The public OpenAPI descriptions beside the package (`CONFORM_OPENAPI_CORPUS` overrides), or nil
/// when the folder is absent.
func corpusFolder() -> URL? {
    let path =
        ProcessInfo.processInfo.environment["CONFORM_OPENAPI_CORPUS"]
        ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared/openapi-corpus").path
    let url = URL(fileURLWithPath: path).appendingPathComponent("v3-json")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
}

/// Every description of the corpus that loads: JSON and YAML, OpenAPI 3.x and Swagger 2.0, and
/// the entry file of each multi-file description; named by their path in the corpus.
func corpusDescriptions() -> [(name: String, file: String, contract: Contract)] {
    guard let root = corpusFolder()?.deletingLastPathComponent() else { return [] }
    let folders = [
        "v3-json", "v3-yaml", "swagger2/json", "swagger2/yaml", "swagger2/json/petstore-separate/spec",
        "swagger2/yaml/petstore-separate/spec",
    ]
    var found: [(name: String, file: String, contract: Contract)] = []
    for folder in folders {
        let url = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        for name in names.sorted() where name.hasSuffix(".json") || name.hasSuffix(".yaml") {
            if folder.hasSuffix("/spec") && !name.hasPrefix("swagger.") { continue }
            let file = url.appendingPathComponent(name).path
            guard let contract = ContractLoader.read(file: file).contract else { continue }
            found.append(("\(folder)/\(name)", file, contract))
        }
    }
    return found
}

/// The contracts of `Contracts/`.
func ownContracts() throws -> [(name: String, file: String, contract: Contract)] {
    let folder = packageRoot.appendingPathComponent("Contracts")
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        .sorted().map { name in
            let file = folder.appendingPathComponent(name).path
            return (name, file, try ContractLoader.load(file: file))
        }
}

/// The CRUD contracts of the test fixtures (`Fixtures/crud`), written differently from
/// `Contracts/todo.json`: ids in a field named after the resource, nested resources, wrapped lists.
func crudFixtures() throws -> [(name: String, file: String, contract: Contract)] {
    let folder = packageRoot.appendingPathComponent("Tests/ContractMockTests/Fixtures/crud")
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        .sorted().map { name in
            let file = folder.appendingPathComponent(name).path
            return ("crud/\(name)", file, try ContractLoader.load(file: file))
        }
}

/// The descriptions of the slip fixtures (`Tests/ContractKitTests/OpenAPI/Fixtures/slips`): each
/// read the way its author meant, and each must pass against its own mock like the corpus.
func slipFixtures() -> [(name: String, file: String, contract: Contract)] {
    let folder = packageRoot.appendingPathComponent("Tests/ContractKitTests/OpenAPI/Fixtures/slips")
    let names =
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".json") }.sorted() + ["ref-map/api.yaml"]
    return names.compactMap { name in
        let file = folder.appendingPathComponent(name).path
        return ContractLoader.read(file: file).contract.map { ("slips/\(name)", file, $0) }
    }
}

/// A contract from JSON text, for small focused cases.
func contract(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Contract {
    let outcome = ContractLoader.read(bytes: Array(text.utf8), file: "inline.json")
    return try #require(
        outcome.contract, "\(outcome.problems.map(\.message))", sourceLocation: sourceLocation)
}

/// A request as the HTTP layer hands it to the mock, without a socket.
func request(
    _ method: String, _ target: String, body: String? = nil, headers: [(String, String)] = []
) -> HTTPRequest {
    var fields = HTTPFields()
    if body != nil { fields["Content-Type"] = "application/json" }
    for (name, value) in headers { fields[name] = value }
    return HTTPRequest(method: method, url: target, headers: fields, body: Array((body ?? "").utf8))
}

extension HTTPResponse {
    /// The body as JSON, or nil.
    var json: JSONValue? { try? JSONParser.parse(body) }
}
