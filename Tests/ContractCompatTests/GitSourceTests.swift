import ContractCompat
import Foundation
import Testing

/// `REV:path` sources: a description as a commit holds it, read with `git show`, including the
/// files a split description refers to, taken from the same commit.
@Suite("Git revisions")
struct GitSourceTests {
    @Test("an argument is a git revision only when no such file exists and it reads REV:path")
    func sourceParsing() {
        #expect(
            CompatSource("main:Contracts/restaurant.json")
                == .git(revision: "main", path: "Contracts/restaurant.json"))
        #expect(
            CompatSource("origin/main:api/openapi.yaml")
                == .git(revision: "origin/main", path: "api/openapi.yaml"))
        #expect(CompatSource("openapi.yaml") == .file("openapi.yaml"))
        #expect(CompatSource(":openapi.yaml") == .file(":openapi.yaml"))
        #expect(CompatSource("main:") == .file("main:"))
        #expect(CompatSource("/tmp/a:b.yaml") == .file("/tmp/a:b.yaml"))
    }

    /// A repository with a split description committed twice: the second commit makes `name`
    /// optional in the referenced schema file.
    private func repository() throws -> URL? {
        guard let git = SharedData.executable("git") else {
            print("skipped git revision tests: git is not on PATH")
            return nil
        }
        let folder = try SharedData.temporaryFolder()
        let split = PairCorpus.folder.appendingPathComponent("Documents")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("api/schemas"), withIntermediateDirectories: true)
        let identity = [
            "-c", "user.name=Conform", "-c", "user.email=conform@example.invalid", "-c",
            "commit.gpgsign=false",
        ]
        _ = try SharedData.run(git, ["init", "-q"], in: folder)
        for side in ["old", "new"] {
            for file in ["openapi.yaml", "schemas/pet.yaml"] {
                let target = folder.appendingPathComponent("api/\(file)")
                try? FileManager.default.removeItem(at: target)
                try FileManager.default.copyItem(
                    at: split.appendingPathComponent("split-\(side)/\(file)"), to: target)
            }
            _ = try SharedData.run(git, ["add", "-A"], in: folder)
            _ = try SharedData.run(git, identity + ["commit", "-q", "-m", side], in: folder)
        }
        return folder
    }

    @Test("a split description at an older commit is read with its referenced files from that commit")
    func splitDescriptionAtRevision() async throws {
        guard let folder = try repository() else { return }
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try await CompatCheck().run(
            old: .git(revision: "HEAD~1", path: "api/openapi.yaml"),
            new: .git(revision: "HEAD", path: "api/openapi.yaml"),
            in: folder.path)
        let change = try #require(
            report.changes.first { $0.rule == "response-property-became-optional" },
            "\(CompatText.render(report))")
        #expect(change.location.file == "HEAD:api/schemas/pet.yaml")
        #expect(change.location.position?.line == 2)
        #expect(report.old.source == "HEAD~1:api/openapi.yaml")
    }

    @Test("the same commit compared with its working copy reports nothing")
    func revisionAgainstFile() async throws {
        guard let folder = try repository() else { return }
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try await CompatCheck().run(
            old: .git(revision: "HEAD", path: "./api/openapi.yaml"),
            new: .file(folder.appendingPathComponent("api/openapi.yaml").path),
            in: folder.path)
        #expect(report.changes.isEmpty, "\(CompatText.render(report))")
    }

    @Test("a revision or path git does not have is an input error naming it")
    func missingRevision() async throws {
        guard let folder = try repository() else { return }
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try await CompatCheck().run(
                old: .git(revision: "no-such-branch", path: "api/openapi.yaml"),
                new: .git(revision: "HEAD", path: "api/openapi.yaml"),
                in: folder.path)
            Issue.record("a missing revision was read")
        } catch {
            #expect(
                error.description.hasPrefix(
                    "error: no-such-branch:api/openapi.yaml: cannot read it from git: "))
        }
    }
}
