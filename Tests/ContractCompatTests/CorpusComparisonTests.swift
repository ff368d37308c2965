import ContractCompat
import Foundation
import Testing

/// The public descriptions of `../shared/openapi-corpus`: each compared with itself reports no
/// change, and each compared with a hand-edited copy reports the edit at its place.
@Suite("Corpus comparisons")
struct CorpusComparisonTests {
    @Test("every corpus description compared with itself reports no change")
    func selfComparison() throws {
        let documents = SharedData.corpusDocuments()
        guard !documents.isEmpty else {
            print(
                "skipped corpus self-comparison: \(SharedData.corpus.path) is absent (set CONFORM_OPENAPI_CORPUS)"
            )
            return
        }
        for path in documents {
            let side = try DescriptionLoader.load(.file(path))
            let report = CompatCheck().compare(side, side)
            #expect(report.changes.isEmpty, "\(path):\n\(CompatText.render(report))")
        }
    }

    @Test("a required property removed from a corpus schema by hand is reported in the edited file")
    func editedCopy() throws {
        let path = SharedData.corpus.appendingPathComponent("v3-yaml/oai-v3.0-petstore.yaml").path
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            print("skipped corpus edit comparison: \(path) is absent (set CONFORM_OPENAPI_CORPUS)")
            return
        }
        let edited = text.replacingOccurrences(of: "        - id\n        - name\n", with: "        - id\n")
        #expect(edited != text, "the Pet schema's required list moved; update the edit")
        let folder = try SharedData.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("petstore.yaml")
        try Data(edited.utf8).write(to: copy)
        let report = CompatCheck().compare(
            try DescriptionLoader.load(.file(path)), try DescriptionLoader.load(.file(copy.path)))
        let change = try #require(report.changes.first { $0.rule == "response-property-became-optional" })
        #expect(change.location.file == copy.path)
        #expect(change.location.pointer.description == "/components/schemas/Pet/required")
        // Two operations return Pet: one change at the schema, reaching both.
        #expect(change.message.hasPrefix("the property `name` of the schema `Pet` became optional"))
        #expect(Set(change.reach.map(\.operation.id)).count == 2)
        #expect(!report.passes)
    }
}
