import Testing

@Test func optionalDebug() throws {
    for file in OfficialTestSuite.optionalFiles {
        for testCase in try OfficialTestSuite.cases(in: file) {
            if let failure = OfficialTestSuite.run(testCase) { print("OPTFAIL " + failure.prefix(300)) }
        }
    }
}
