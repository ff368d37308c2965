import Foundation
import Testing

@testable import ContractReports

@Suite("ReportWriter")
struct ReportWriterTests {
    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("creates folders, replaces the file and leaves no temporary file behind")
    func writesAtomically() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("Reports/nested/coffee.junit.xml")
        try ReportWriter.write("first", to: target.path)
        try ReportWriter.write("second ✅", to: target.path)
        #expect(String(decoding: try Data(contentsOf: target), as: UTF8.self) == "second ✅")
        let left = try FileManager.default.contentsOfDirectory(
            atPath: target.deletingLastPathComponent().path)
        #expect(left == ["coffee.junit.xml"])
    }

    @Test("a folder in the way is a clear error, and the folder is left alone")
    func folderInTheWay() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: ReportWriteError.isFolder(path: folder.path)) {
            try ReportWriter.write("x", to: folder.path)
        }
    }

    @Test("a parent that is a file cannot become a folder")
    func parentIsFile() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocker = folder.appendingPathComponent("Reports")
        try Data("not a folder".utf8).write(to: blocker)
        #expect {
            try ReportWriter.write("x", to: blocker.appendingPathComponent("a.md").path)
        } throws: { error in
            guard case .cannotCreateFolder = error as? ReportWriteError else { return false }
            return "\(error)".contains("check the path and its permissions")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Reports"])
    }

    @Test(
        "default and explicit report paths",
        arguments: [
            (
                "contracts/coffee-shop.json", "Reports", "Reports/coffee-shop.junit.xml",
                "Reports/coffee-shop.md", "Reports/coffee-shop.json"
            ),
            (
                "coffee.contract.yaml", "out/", "out/coffee.contract.junit.xml", "out/coffee.contract.md",
                "out/coffee.contract.json"
            ),
            ("/abs/api", "", "api.junit.xml", "api.md", "api.json"),
        ])
    func paths(contract: String, folder: String, junit: String, markdown: String, json: String) {
        let paths = ReportPaths(contractFile: contract, reportsDirectory: folder)
        #expect(paths.junit == junit && paths.markdown == markdown && paths.json == json)
    }

    @Test("explicit paths win")
    func explicitPaths() {
        let paths = ReportPaths(contractFile: "c.json", junit: "junit.xml", json: "/tmp/r.json")
        #expect(paths.junit == "junit.xml" && paths.markdown == "Reports/c.md" && paths.json == "/tmp/r.json")
    }
}
