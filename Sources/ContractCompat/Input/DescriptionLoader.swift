import ContractKit
import Foundation

/// Reads one side of a comparison through ContractKit's one loader, so contracts, OpenAPI 3.0/3.1
/// and Swagger 2.0, JSON or YAML, single or multi-file, all become the same `Contract` model.
///
/// A description with defects still loads: the loader keeps what it can read and reports the rest,
/// which the comparison shows as warnings. Only input with no description at all (not JSON or
/// YAML, not a contract or OpenAPI document, a missing file or revision) is refused.
public enum DescriptionLoader {
    /// Loads `source`; git revisions are read in `folder` (the current folder when nil).
    public static func load(_ source: CompatSource, in folder: String? = nil) throws(CompatInputError)
        -> LoadedDescription
    {
        switch source {
        case .file(let path):
            // Files a relative path's references reach are named relative to the same folder.
            let here = FileManager.default.currentDirectoryPath + "/"
            return try described(
                ContractLoader.read(file: path, lints: false), source: path,
                aliases: path.hasPrefix("/") ? [] : [(here, "")])
        case .git(let revision, let path):
            let repositoryPath = GitRevision.repositoryPath(path, in: folder)
            let bytes: [UInt8]
            switch GitRevision.show(revision, repositoryPath, in: folder) {
            case .success(let content): bytes = content
            case .failure(let error): throw error
            }
            let name = source.description
            guard !GitRevision.references(in: bytes, file: repositoryPath).isEmpty else {
                return try described(
                    ContractLoader.read(bytes: bytes, file: name, lints: false), source: name)
            }
            return try loadSplit(revision, repositoryPath, bytes: bytes, source: name, in: folder)
        }
    }

    /// Loads a description held in memory (fetched from a server, generated); `name` stands for its
    /// file in every place reported and decides JSON or YAML by its extension.
    public static func load(bytes: [UInt8], name: String) throws(CompatInputError) -> LoadedDescription {
        try described(ContractLoader.read(bytes: bytes, file: name, lints: false), source: name)
    }

    /// A description whose `$ref`s name other files: those files are taken from the same revision,
    /// written beside it in a temporary folder, and loaded from there; places are shown as
    /// `REV:path`.
    private static func loadSplit(
        _ revision: String, _ path: String, bytes: [UInt8], source: String, in folder: String?
    ) throws(CompatInputError) -> LoadedDescription {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-compat-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let file: String
        do {
            file = try GitRevision.materialize(revision, path, bytes: bytes, under: root, in: folder)
        } catch {
            throw .git(
                source: source, message: "cannot write its files to \(root): \(error.localizedDescription)")
        }
        return try described(
            ContractLoader.read(file: file, lints: false), source: source,
            aliases: [(root + "/", revision + ":")])
    }

    private static func described(
        _ outcome: ContractLoader.Outcome, source: String,
        aliases: [(prefix: String, replacement: String)] = []
    ) throws(CompatInputError) -> LoadedDescription {
        // A file with errors and not one operation read is not a description (a wrong path to some
        // other JSON file): comparing it would pass the gate on nothing.
        let readsNothing =
            outcome.contract?.endpoints.isEmpty == true && outcome.problems.contains { $0.severity == .error }
        guard let contract = outcome.contract, let locator = outcome.locator, !readsNothing else {
            let loaded = outcome.problems.map { problem in
                var problem = problem
                for alias in aliases where problem.file?.hasPrefix(alias.prefix) == true {
                    problem.file = alias.replacement + (problem.file ?? "").dropFirst(alias.prefix.count)
                }
                return problem.description
            }
            throw .unreadable(source: source, problems: loaded)
        }
        return LoadedDescription(
            source: source, contract: contract, problems: outcome.problems, locator: locator, aliases: aliases
        )
    }
}
