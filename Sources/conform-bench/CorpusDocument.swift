import Foundation

/// One document of the corpus phase: its bytes for the in-process rows, the schema it is
/// validated against, and how to make the ~25 MB document the whole-process race reads.
struct CorpusDocument {
    /// Where the standard files live, relative to the package root (absent on a lone clone).
    static let corpusDirectory = "../shared/json-benchmark-corpus"
    /// The files of that directory the phase measures, with their schemas.
    static let corpusFiles = [
        ("twitter.json", CorpusSchemas.twitter), ("citm_catalog.json", CorpusSchemas.citmCatalog),
        ("canada.json", CorpusSchemas.canada),
    ]

    let name: String
    let bytes: [UInt8]
    let schema: String
    /// The race's document of about the given size, and its schema.
    let large: @Sendable (Int) -> (bytes: [UInt8], schema: String)
    /// Whether #28's parse and memory targets apply; the deeply nested document's rows are shown
    /// without them (docs/benchmarks.md says why), its race keeps its target.
    var hasTargets = true

    /// Every document the corpus phase measures at `bytes` bytes in process: the generated ones,
    /// then the standard files when they are there.
    static func all(bytes: Int) -> (documents: [CorpusDocument], missing: String?) {
        let corpus = corpus()
        return ([escapedMenu(bytes: bytes), deepNesting(bytes: bytes)] + corpus.documents, corpus.missing)
    }

    /// The escape-heavy, non-ASCII menu, generated at `bytes` bytes for the in-process rows.
    static func escapedMenu(bytes: Int) -> CorpusDocument {
        CorpusDocument(
            name: "escaped menu", bytes: EscapedMenuFixture.menu(bytes: bytes),
            schema: EscapedMenuFixture.schema,
            large: { (EscapedMenuFixture.menu(bytes: $0), EscapedMenuFixture.schema) })
    }

    /// Chains of objects 50 to 200 deep, dense with keys (`DeepNestingFixture`).
    static func deepNesting(bytes: Int) -> CorpusDocument {
        CorpusDocument(
            name: "deeply nested", bytes: DeepNestingFixture.document(bytes: bytes),
            schema: DeepNestingFixture.schema,
            large: { (DeepNestingFixture.document(bytes: $0), DeepNestingFixture.schema) },
            hasTargets: false)
    }

    /// The standard benchmark files, or nil (with the reason) when the directory is absent.
    static func corpus() -> (documents: [CorpusDocument], missing: String?) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: corpusDirectory, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            return ([], "\(corpusDirectory) not found: the standard corpus rows are skipped")
        }
        var documents: [CorpusDocument] = []
        for (file, definitions) in corpusFiles {
            let path = corpusDirectory + "/" + file
            guard let data = FileManager.default.contents(atPath: path) else {
                return ([], "\(path) not found: the standard corpus rows are skipped")
            }
            let bytes = Array(data)
            documents.append(
                CorpusDocument(
                    name: file, bytes: bytes, schema: single(definitions),
                    large: { target in (repeated(bytes, toAbout: target), array(of: definitions)) }))
        }
        return (documents, nil)
    }

    /// `[file,file,…]`: the file's content repeated inside an array up to about `target` bytes.
    static func repeated(_ bytes: [UInt8], toAbout target: Int) -> [UInt8] {
        var content = bytes[...]
        while let last = content.last, last == 0x20 || last == 0x0A || last == 0x0D || last == 0x09 {
            content.removeLast()
        }
        let copies = max(1, Int((Double(target) / Double(content.count)).rounded()))
        var output: [UInt8] = [UInt8(ascii: "[")]
        output.reserveCapacity(copies * (content.count + 1) + 1)
        for copy in 0..<copies {
            if copy > 0 { output.append(UInt8(ascii: ",")) }
            output.append(contentsOf: content)
        }
        output.append(UInt8(ascii: "]"))
        return output
    }

    private static func single(_ definitions: String) -> String {
        ##"{"$ref": "#/$defs/document", "$defs": "## + definitions + "}"
    }

    private static func array(of definitions: String) -> String {
        ##"{"type": "array", "items": {"$ref": "#/$defs/document"}, "$defs": "## + definitions + "}"
    }
}
