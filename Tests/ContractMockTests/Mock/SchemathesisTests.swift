import ContractKit
import ContractMock
import Foundation
import JSONSchema
import Testing

/// The path of an executable on PATH, or nil.
private func executable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").map { "\($0)/\(name)" }.first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}

/// A contract and the OpenAPI document Schemathesis reads for it.
struct SchemathesisCase: Sendable, CustomTestStringConvertible {
    var name: String
    var contract: Contract
    var openAPI: String
    var testDescription: String { name }

    /// The Restaurant contract with its OpenAPI twin, and every description of the corpus (JSON,
    /// YAML, Swagger 2.0, the multi-file one) that has operations.
    static func all() -> [SchemathesisCase] {
        var cases: [SchemathesisCase] = []
        let fixtures = packageRoot.appendingPathComponent("Tests/ContractMockTests/Fixtures")
        if let restaurant = try? ContractLoader.load(
            file: packageRoot.appendingPathComponent("Contracts/restaurant.json").path)
        {
            cases.append(
                SchemathesisCase(
                    name: "restaurant.json", contract: restaurant,
                    openAPI: fixtures.appendingPathComponent("restaurant-openapi-3.1.json").path))
        }
        // A YAML twin of a JSON description serves the same contract; it runs only when asked.
        let twins = ProcessInfo.processInfo.environment["CONFORM_SCHEMATHESIS_TWINS"] != nil
        let descriptions = corpusDescriptions()
        let jsonNames = Set(descriptions.map(\.name).filter { $0.hasSuffix(".json") })
        for entry in descriptions where !entry.contract.endpoints.isEmpty {
            let twinOf = entry.name.replacingOccurrences(of: "yaml", with: "json")
            if !twins, entry.name.hasSuffix(".yaml"), jsonNames.contains(twinOf) { continue }
            cases.append(SchemathesisCase(name: entry.name, contract: entry.contract, openAPI: entry.file))
        }
        return cases
    }

    /// A Schemathesis configuration that turns `status_code_conformance` off for the operations
    /// whose description leaves the mock no declared status to answer with: no responses at all,
    /// no 4xx or `default` for an invalid request, or no 401/403/4XX/`default` for a call without
    /// credentials. Every answer to those requests breaks one of Schemathesis' checks (an
    /// undeclared 400, an accepted invalid request, or a 5xx), so the mock answers the status HTTP
    /// prescribes and `conform lint` warns about the description instead.
    var configuration: String {
        var text = ""
        for endpoint in contract.endpoints {
            var off: [String] = []
            if Self.leavesNoDeclaredStatus(endpoint, contract) { off.append("status_code_conformance") }
            if Self.takesFloats(endpoint, contract) { off.append("positive_data_acceptance") }
            off += Self.contradictions[self.name]?["\(endpoint.method) \(endpoint.path.template)"] ?? []
            guard !off.isEmpty else { continue }
            let operation = "\(endpoint.method) \(endpoint.path.template)"
                .replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            text += "[[operations]]\ninclude-name = \"\(operation)\"\n"
            for check in off { text += "checks.\(check).enabled = false\n" }
            text += "\n"
        }
        return text
    }

    /// Operations of descriptions that contradict themselves, so that one of Schemathesis' checks
    /// fails whatever the mock answers. readme-3.1-petstore lets `POST /store/order` create an
    /// order with `id: 0` while `{orderId}` needs 1 to 10: the mock gives such an order an id its
    /// path can name, and answers `/store/order/0` with 404 as the path schema says, which
    /// Schemathesis (following the id it sent) reports as a created resource not found.
    static let contradictions: [String: [String: [String]]] = [
        "v3-json/readme-3.1-petstore.json": [
            "DELETE /store/order/{orderId}": ["ensure_resource_availability"],
            "GET /store/order/{orderId}": ["ensure_resource_availability"],
        ]
    ]

    /// Whether a request value of the endpoint has `format: float`. Conform asserts its range
    /// (±3.4028234663852886e38, as a converted `minimum`/`maximum`), so the mock rejects 1e250,
    /// which Schemathesis generates as valid: a difference of opinion about the format, not
    /// about the mock.
    static func takesFloats(_ endpoint: Endpoint, _ contract: Contract) -> Bool {
        var pointers = endpoint.parameters.compactMap(\.schemaPointer)
        if let pointer = endpoint.request?.schemaPointer { pointers.append(pointer) }
        var seen = Set<String>()
        func hasFloat(_ value: JSONValue, depth: Int) -> Bool {
            guard depth < 32 else { return false }
            switch value {
            case .object(let object):
                if object["format"]?.stringValue == "float" { return true }
                if case .string(let reference)? = object["$ref"], reference.hasPrefix("#"),
                    !seen.contains(reference), let target = JSONPointer(String(reference.dropFirst())),
                    let resolved = target.resolve(in: contract.document)
                {
                    seen.insert(reference)
                    if hasFloat(resolved, depth: depth + 1) { return true }
                }
                return object.members.contains { hasFloat($0.value, depth: depth + 1) }
            case .array(let items):
                return items.contains { hasFloat($0, depth: depth + 1) }
            default:
                return false
            }
        }
        return pointers.contains { pointer in
            pointer.resolve(in: contract.document).map { hasFloat($0, depth: 0) } ?? false
        }
    }

    static func leavesNoDeclaredStatus(_ endpoint: Endpoint, _ contract: Contract) -> Bool {
        // An operation that declares no response is mapped with a bare `default` ("any response").
        if endpoint.responses.isEmpty
            || (endpoint.responses.count == 1 && endpoint.responses[0].status == .default
                && endpoint.responses[0].contentTypes.isEmpty)
        {
            return true
        }
        let clientError = endpoint.responses.contains { spec in
            switch spec.status {
            case .code(let code): return (400..<500).contains(code)
            case .range(let first): return first == 4
            case .default: return true
            }
        }
        let canBeInvalid =
            endpoint.request != nil
            || endpoint.parameters.contains { $0.schemaPointer != nil || $0.isRequired }
        if canBeInvalid && !clientError { return true }
        let secured = contract.auth.map { !$0.allowsAnonymous(endpoint.id) } ?? false
        let refuses = endpoint.responses.contains {
            [.code(401), .code(403), .range(4), .default].contains($0.status)
        }
        return secured && !refuses
    }
}

/// Schemathesis, run against the mock with the equivalent OpenAPI document, finds nothing: for
/// the Restaurant contract and every description of `../shared/openapi-corpus` (about three
/// minutes in all; the YAML twins of JSON descriptions too with `CONFORM_SCHEMATHESIS_TWINS=1`).
/// Skips (one line) when `st` is not on PATH.
@Suite("Schemathesis against the mock", .serialized)
struct SchemathesisTests {
    @Test("st run (every check) finds nothing", arguments: SchemathesisCase.all())
    func schemathesis(_ testCase: SchemathesisCase) async throws {
        guard let st = executable("st") ?? executable("schemathesis") else {
            print(
                "skipped: Schemathesis is not on PATH; 'pip install schemathesis' to run it against the mock")
            return
        }
        let mock = ContractMock(contract: testCase.contract)
        let baseURL = try mock.start()
        defer { mock.shutdown() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-st-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = folder.appendingPathComponent("schemathesis.toml")
        try Data(testCase.configuration.utf8).write(to: configuration)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: st)
        process.arguments = [
            // Every check is on by default; `--checks all` would override the per-operation settings.
            "--config-file", configuration.path, "run", testCase.openAPI, "--url", baseURL,
            "--max-examples", "5", "--seed", "1", "--no-color", "--generation-database", "none",
        ]
        process.currentDirectoryURL = folder
        // The output goes to a file: a pipe read can be interrupted (EINTR), which Foundation's
        // readDataToEndOfFile turns into a crash.
        let log = folder.appendingPathComponent("st.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let output = try FileHandle(forWritingTo: log)
        process.standardOutput = output
        process.standardError = output
        // Waits without blocking a thread of the cooperative pool.
        let finished = AsyncStream<Void> { continuation in
            process.terminationHandler = { _ in
                continuation.yield()
                continuation.finish()
            }
        }
        try process.run()
        for await _ in finished {}
        try? output.close()
        let data = (try? Data(contentsOf: log)) ?? Data()
        let text = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(text.suffix(4000))")
    }
}
