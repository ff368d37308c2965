import ConformCLI
import ConformHTTP
import ConformTestSupport
import ContractKit
import ContractMock
import Foundation
import Testing

/// `fuzz` sends an 11 MiB body among its probes; against a server that accepts everything, every
/// probe is a finding. What it prints and writes must stay small and well-formed all the same.
@Suite("fuzz output stays bounded against a server that accepts everything", .serialized)
struct BoundedOutputTests {
    /// A few hundred KB, the bound the issue sets for stdout, stderr and every report together.
    static let bound = 400_000

    /// How the server answers every request.
    enum Answer: String, Sendable, CaseIterable, CustomTestStringConvertible {
        /// `200 {}` whatever was asked.
        case emptyObject
        /// `200` with the request's own body and content type sent back.
        case echo

        var testDescription: String { rawValue }

        func response(to request: HTTPRequest) -> HTTPResponse {
            switch self {
            case .emptyObject:
                return HTTPResponse(text: "{}", contentType: "application/json")
            case .echo:
                let type = request.headers["Content-Type"] ?? "application/json"
                return HTTPResponse(status: 200, headers: ["Content-Type": type], body: request.body)
            }
        }
    }

    /// A contract to fuzz and how the server answers it.
    struct Target: Sendable, CustomTestStringConvertible {
        var contract: String
        var answer: Answer
        var testDescription: String { "\(contract.split(separator: "/").last ?? "") answered \(answer)" }
    }

    static let restaurant = Answer.allCases.map { Target(contract: "Contracts/restaurant.json", answer: $0) }

    /// Descriptions from the shared OpenAPI corpus (`CONFORM_OPENAPI_CORPUS`, as in every corpus
    /// test, else `../shared/openapi-corpus`), when it is there. What `../shared` lacks (corpus,
    /// JUnit XSDs) and a missing `xmllint` are said here, once, in one line.
    static let corpus: [Target] = {
        let names = ["v3-json/oai-v3.0-petstore-expanded.json", "v3-json/realworld-conduit.json"]
        let folder = TestPaths.openAPICorpus
        let hasCorpus = FileManager.default.fileExists(atPath: folder.path)
        var skipped: [String] = []
        if !hasCorpus {
            skipped.append("the corpus cases (\(folder.path) is absent; set CONFORM_OPENAPI_CORPUS)")
        }
        if xmllint == nil {
            skipped.append("the xmllint checks (xmllint is not on PATH; apt-get install libxml2-utils)")
        } else if xsds == nil {
            skipped.append(
                "the JUnit XSD checks (no XSDs in \(TestPaths.junitSchemas.path); set CONFORM_SHARED_DIR)"
            )
        }
        if !skipped.isEmpty { print("Bounded-output tests skipped " + skipped.joined(separator: " and ")) }
        guard hasCorpus else { return [] }
        return names.map { Target(contract: folder.appendingPathComponent($0).path, answer: .emptyObject) }
    }()

    /// Both JUnit XSDs of `../shared/junit`, or nil when they are not there.
    static let xsds: [URL]? = {
        let files = XMLLint.junitSchemaFiles
        return files.allSatisfy { FileManager.default.fileExists(atPath: $0.path) } ? files : nil
    }()

    @Test(
        "stdout, stderr and reports stay under a few hundred KB and the JUnit is valid XML",
        arguments: restaurant + corpus)
    func bounded(_ target: Target) async throws {
        let answer = target.answer
        // Large enough for the oversized-body probe, so the server really accepts everything.
        let server = HTTPServer(configuration: .init(maxHeaderBytes: 1 << 20, maxBodyBytes: 64 << 20)) {
            answer.response(to: $0)
        }
        let port = try server.start()
        defer { server.shutdown() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-bounded-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let contract = target.contract.hasPrefix("/") ? target.contract : repo(target.contract)

        let result = await conform(
            "fuzz", contract, "--base-url", "http://127.0.0.1:\(port)", "--cases", "20", "--seed", "7",
            "--reports-dir", folder.path)

        #expect(
            result.code == .checkFailed,
            "a server that accepts everything fails fuzz: \(result.err.prefix(2000))")
        let files = Self.files(in: folder)
        let sizes = files.map { ($0.lastPathComponent, Self.size(of: $0)) }
        let total = result.out.utf8.count + result.err.utf8.count + sizes.reduce(0) { $0 + $1.1 }
        print(
            "bounded output (\(target.testDescription)): stdout \(result.out.utf8.count) B, stderr \(result.err.utf8.count) B, "
                + sizes.map { "\($0.0) \($0.1) B" }.joined(separator: ", ") + "; total \(total) B")
        #expect(total < Self.bound, "\(total) bytes written: \(sizes)")

        let junit = try #require(files.first { $0.lastPathComponent.hasSuffix(".fuzz.junit.xml") })
        try Self.lint(junit)
        let markdown = try #require(files.first { $0.lastPathComponent.hasSuffix(".fuzz.md") })
        let text = try String(contentsOf: markdown, encoding: .utf8)
        #expect(text.contains("❌"), "the Markdown keeps the failures")
        #expect(
            !text.contains("left out to keep this report"), "no failure is dropped to stay under the limit")
        if target.contract.hasSuffix("restaurant.json") {
            // The 11 MiB probe was accepted, so it is a finding: its reproducer describes the body.
            #expect(text.contains("body not inlined: 11.0 MiB of JSON, starts with"), "\(text.prefix(3000))")
            #expect(result.out.contains("body not inlined: 11.0 MiB"), "\(result.out.prefix(3000))")
        }
    }

    private static func files(in folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            return []
        }
        return walker.compactMap { $0 as? URL }.filter { !$0.hasDirectoryPath }
    }

    private static func size(of file: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int) ?? 0
    }

    /// `xmllint --noout`, then both JUnit XSDs when they are there (`xsds`).
    private static func lint(_ file: URL) throws {
        // Its absence is said once, with the rest of what is skipped (`corpus`).
        guard let tool = xmllint else { return }
        var runs: [[String]] = [["--noout", file.path]]
        runs += (xsds ?? []).map { ["--noout", "--schema", $0.path, file.path] }
        for arguments in runs {
            let (status, output) = try TestProcess.run(tool, arguments)
            #expect(status == 0, "xmllint \(arguments.joined(separator: " ")): \(output.prefix(4000))")
        }
    }

    private static let xmllint = XMLLint.executable()
}
