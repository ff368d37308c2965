import Foundation
import Testing

@testable import JSONSchema

/// Runs a JSON parsing corpus that is not Conform's own (for example the `test_parsing` folder of
/// a well-known one: files named `y_…`, `n_…`, `i_…`) through every reader, as
/// `JSONCorpusTests` does with Conform's. Its files are never committed: point
/// `CONFORM_JSON_PARSING_CORPUS` at the folder, or put it at `../shared/json-parsing-corpus`.
@Suite("JSON corpus: an external one, when present")
struct ExternalJSONCorpusTests {
    static let folder: URL = {
        if let path = ProcessInfo.processInfo.environment["CONFORM_JSON_PARSING_CORPUS"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return JSONCorpus.folder.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/json-parsing-corpus")
    }()

    @Test("y_ accepted, n_ rejected, i_ either, every reader agreeing, nothing crashing")
    func external() throws {
        let cases = JSONCorpus.cases(in: Self.folder)
        guard !cases.isEmpty else {
            print(
                "External JSON parsing corpus: skipped, no y_/n_/i_ .json files in \(Self.folder.path) (set CONFORM_JSON_PARSING_CORPUS to such a folder to run it)"
            )
            return
        }
        let schemas = try JSONCorpusTests.schemas()
        var outcome = (accepted: 0, rejected: 0, either: 0)
        for testCase in cases {
            for skipping in [false, true] {
                JSONCorpusTests.check(
                    testCase.bytes, skippingByteOrderMark: skipping,
                    expected: testCase.mustAccept(skippingByteOrderMark: skipping), schemas: schemas,
                    name: testCase.name)
            }
            switch testCase.expectation {
            case .accept: outcome.accepted += 1
            case .reject: outcome.rejected += 1
            case .acceptAfterByteOrderMark, .either: outcome.either += 1
            }
        }
        print(
            "External JSON parsing corpus: \(cases.count) cases (\(outcome.accepted) y_, \(outcome.rejected) n_, \(outcome.either) i_) from \(Self.folder.path)"
        )
    }
}
