import Foundation
import JSONSchema
import Testing

/// Runs the official JSON-Schema-Test-Suite for draft 2020-12.
///
/// One parameterized test per required file, so a failure names the file, group and test; plus
/// a summary that prints the single line with the totals (and the optional pass count).
@Suite("JSON-Schema-Test-Suite draft2020-12")
struct JSONSchemaTestSuiteTests {
    @Test(
        "required file", .enabled(if: OfficialTestSuite.isPresent), arguments: OfficialTestSuite.requiredFiles
    )
    func requiredFile(_ file: String) throws {
        let cases = try OfficialTestSuite.cases(in: file)
        #expect(!cases.isEmpty, "\(file) has no cases")
        for testCase in cases where OfficialTestSuite.exclusions[testCase.name] == nil {
            if let failure = OfficialTestSuite.run(testCase) {
                Issue.record(Comment(rawValue: failure))
            }
        }
    }

    @Test("summary", .enabled(if: OfficialTestSuite.isPresent))
    func summary() throws {
        var passed = 0
        var total = 0
        for file in OfficialTestSuite.requiredFiles {
            for testCase in try OfficialTestSuite.cases(in: file)
            where OfficialTestSuite.exclusions[testCase.name] == nil {
                total += 1
                if OfficialTestSuite.run(testCase) == nil { passed += 1 }
            }
        }
        var optionalPassed = 0
        var optionalTotal = 0
        for file in OfficialTestSuite.optionalFiles {
            for testCase in try OfficialTestSuite.cases(in: file) {
                optionalTotal += 1
                if OfficialTestSuite.run(testCase) == nil { optionalPassed += 1 }
            }
        }
        print(
            "JSON-Schema-Test-Suite draft2020-12: passed \(passed) of \(total) (optional: \(optionalPassed) of \(optionalTotal))"
        )
        #expect(passed == total)
    }
}
