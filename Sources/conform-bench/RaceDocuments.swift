import Foundation

/// The documents of issue #38's race and memory rows: the escape-heavy menu with its schema, the
/// three standard corpus files repeated inside an array, and the key-dense, deeply nested document,
/// each about `bytes` bytes, written to files so `conform validate` and Python read the same text.
struct RaceDocuments {
    /// One race document on disk.
    struct File {
        var name: String
        var document: String
        var schema: String
        var bytes: Int
    }

    let files: [File]
    /// Why the standard corpus rows are missing, when they are.
    let missing: String?

    /// Writes every document of about `bytes` bytes and its schema into `directory`.
    static func write(bytes: Int, into directory: URL) throws -> RaceDocuments {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let corpus = CorpusDocument.corpus()
        let sources =
            [CorpusDocument.escapedMenu(bytes: 0)] + corpus.documents + [CorpusDocument.deepNesting(bytes: 0)]
        var files: [File] = []
        for source in sources {
            let (text, schema) = source.large(bytes)
            let stem = source.name.replacingOccurrences(of: ".json", with: "").replacingOccurrences(
                of: " ", with: "-")
            let document = directory.appendingPathComponent("\(stem).json")
            let schemaFile = directory.appendingPathComponent("\(stem).schema.json")
            try Data(text).write(to: document, options: .atomic)
            try Data(schema.utf8).write(to: schemaFile, options: .atomic)
            files.append(
                File(name: source.name, document: document.path, schema: schemaFile.path, bytes: text.count))
        }
        return RaceDocuments(files: files, missing: corpus.missing)
    }

    /// Removes the files `write` made.
    func remove() {
        for file in files {
            try? FileManager.default.removeItem(atPath: file.document)
            try? FileManager.default.removeItem(atPath: file.schema)
        }
    }
}
