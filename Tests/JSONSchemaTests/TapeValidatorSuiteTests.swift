import JSONSchema
import Testing

/// The official JSON-Schema-Test-Suite again, each instance given as JSON text to the paths that
/// read bytes (`isValid(json:)` and `validate(json:)`, which validate while reading, and
/// `isValid(_: JSONTape)` on a whole tape), so each answers every case as the `JSONValue`
/// evaluator does.
@Suite("JSON-Schema-Test-Suite on the tape")
struct TapeValidatorSuiteTests {
    static func runOnTape(_ testCase: OfficialTestSuite.Case) -> String? {
        guard
            let schema = try? Schema(testCase.schema, options: OfficialTestSuite.options(for: testCase.file))
        else { return nil }  // the JSONValue suite reports compile failures
        let bytes = Array(JSONSerializer(style: .compact).string(testCase.data).utf8)
        do {
            let quick = try schema.isValid(json: bytes)
            let full = try schema.validate(json: bytes)
            let onTape = schema.isValid(try JSONTape.parse(bytes))
            if quick != testCase.valid || full.isValid != testCase.valid || onTape != testCase.valid {
                return
                    "\(testCase.name): expected \(testCase.valid ? "valid" : "invalid"), read while streaming \(quick), on a whole tape \(onTape)"
            }
            if !full.isValid && full.errors.isEmpty { return "\(testCase.name): invalid without any error" }
        } catch {
            return "\(testCase.name): the serialized instance did not parse: \(error)"
        }
        return nil
    }

    @Test("every required and optional case agrees", .enabled(if: OfficialTestSuite.isPresent))
    func suite() throws {
        var passed = 0
        var total = 0
        var optionalPassed = 0
        var optionalTotal = 0
        for file in OfficialTestSuite.requiredFiles {
            for testCase in try OfficialTestSuite.cases(in: file)
            where OfficialTestSuite.exclusions[testCase.name] == nil {
                total += 1
                if let failure = Self.runOnTape(testCase) {
                    Issue.record(Comment(rawValue: failure))
                } else {
                    passed += 1
                }
            }
        }
        for file in OfficialTestSuite.optionalFiles {
            for testCase in try OfficialTestSuite.cases(in: file) {
                optionalTotal += 1
                // Optional cases the JSONValue evaluator fails are not the tape's to pass.
                if Self.runOnTape(testCase) == nil || OfficialTestSuite.run(testCase) != nil {
                    optionalPassed += 1
                }
            }
        }
        print(
            "JSON-Schema-Test-Suite draft2020-12 on the tape: passed \(passed) of \(total) (optional agreeing with the evaluator: \(optionalPassed) of \(optionalTotal))"
        )
        #expect(optionalPassed == optionalTotal)
    }
}
