import ContractKit
import ContractMock
import Foundation
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

    static func all() -> [SchemathesisCase] {
        var cases: [SchemathesisCase] = []
        let fixture = packageRoot.appendingPathComponent(
            "Tests/ContractMockTests/Fixtures/restaurant-openapi-3.1.json")
        if let restaurant = try? ContractLoader.load(
            file: packageRoot.appendingPathComponent("Contracts/restaurant.json").path)
        {
            cases.append(
                SchemathesisCase(name: "restaurant.json", contract: restaurant, openAPI: fixture.path))
        }
        for entry in corpusContracts()
        where (ProcessInfo.processInfo.environment["CONFORM_SCHEMATHESIS_CORPUS"] != nil) {
            cases.append(SchemathesisCase(name: entry.name, contract: entry.contract, openAPI: entry.file))
        }
        return cases
    }
}

/// Schemathesis, run against the mock with the equivalent OpenAPI document, finds nothing.
/// Skips (one line) when `st` is not on PATH. The corpus descriptions run too when
/// `CONFORM_SCHEMATHESIS_CORPUS` is set (they take minutes, and some findings are about what a
/// contract cannot express, such as authentication).
@Suite("Schemathesis against the mock", .serialized)
struct SchemathesisTests {
    @Test("st run --checks all finds nothing", arguments: SchemathesisCase.all())
    func schemathesis(_ testCase: SchemathesisCase) async throws {
        guard let st = executable("st") ?? executable("schemathesis") else {
            print(
                "skipped: Schemathesis is not on PATH; 'pip install schemathesis' to run it against the mock")
            return
        }
        let mock = ContractMock(contract: testCase.contract)
        let baseURL = try mock.start()
        defer { mock.shutdown() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: st)
        process.arguments = [
            "run", testCase.openAPI, "--url", baseURL, "--checks", "all", "--max-examples", "20", "--seed",
            "1",
            "--no-color",
        ]
        process.currentDirectoryURL = FileManager.default.temporaryDirectory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = await Task.detached { output.fileHandleForReading.readDataToEndOfFile() }.value
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(text.suffix(4000))")
    }
}
