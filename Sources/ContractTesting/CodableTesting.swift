// One import for tests: `import ContractTesting` brings the Codable fuzzer (`CodableFuzzer`,
// `FuzzTarget`, `CrashIsolation`, `SampleCorpus`), the contract types it names (`Contract`,
// `ContractLoader`) and `JSONPointer`, so a client package's tests never import the modules
// underneath.
@_exported public import ContractFuzz
@_exported public import ContractKit
public import Foundation
@_exported public import JSONSchema
public import Testing

extension FuzzReport: CustomTestStringConvertible {
    /// The one-line summary: what the expanded expression of `#expect(report.passed, "\(report)")`
    /// shows for `report`, so the findings appear once, in the comment (see below).
    public var testDescription: String { summary }
}

extension Comment.StringInterpolation {
    /// The whole report (summary and every finding) in a comment: `#expect(report.passed, "\(report)")`.
    ///
    /// Swift Testing renders both an expectation's expanded expression and its comment's
    /// interpolations with `testDescription`; without this, the report would show either twice
    /// in full or only as its summary.
    public mutating func appendInterpolation(_ report: FuzzReport) {
        appendInterpolation(report.description)
    }
}

extension CodableFinding: CustomTestStringConvertible {
    /// `[looser] MenuItem at /name, rule required`.
    public var testDescription: String {
        "[\(kind.rawValue)] \(typeName) at \(pointer.displayText)" + (rule.map { ", rule \($0)" } ?? "")
    }
}

extension FuzzReport {
    /// Records one Swift Testing issue per failing finding, each with its minimal payload, pointer,
    /// rule and the call that reproduces it, so Xcode and `swift test` list every problem on its own.
    ///
    /// A report that could not run (an unknown endpoint, a schema that does not compile) records
    /// one issue saying why. Warnings (looser findings whose rule is not a failing one) are not
    /// recorded; `report.warnings` lists them.
    public func recordIssues(sourceLocation: SourceLocation = #_sourceLocation) {
        if let problem {
            Issue.record(Comment(rawValue: "\(typeName): \(problem)"), sourceLocation: sourceLocation)
        }
        for finding in failures {
            Issue.record(Comment(rawValue: finding.description), sourceLocation: sourceLocation)
        }
    }
}

extension CodableFuzzer {
    /// Fuzzes `type` against `target` and records each failing finding as its own issue.
    ///
    /// ```swift
    /// @Test func menuDecodes() throws {
    ///     try CodableFuzzer(contractAt: "Contracts/restaurant.json")
    ///         .expectConformance(MenuResponse.self, .response(200, of: "listMenu"))
    /// }
    /// ```
    /// - Returns: the report, for further expectations.
    @discardableResult
    public func expectConformance<Model: Codable>(
        _ type: Model.Type, _ target: FuzzTarget, sourceLocation: SourceLocation = #_sourceLocation
    ) -> FuzzReport {
        let report = fuzz(type, target)
        report.recordIssues(sourceLocation: sourceLocation)
        return report
    }

    /// `expectConformance` for a model the app only decodes.
    @discardableResult
    public func expectDecodingConformance<Model: Decodable>(
        _ type: Model.Type, _ target: FuzzTarget, sourceLocation: SourceLocation = #_sourceLocation
    ) -> FuzzReport {
        let report = fuzzDecoding(type, target)
        report.recordIssues(sourceLocation: sourceLocation)
        return report
    }

    /// `expectDecodingConformance` with the app's own decoding code (see
    /// ``CodableFuzzer/fuzzDecoding(_:_:decode:)``).
    @discardableResult
    public func expectDecodingConformance<Model: Decodable>(
        _ type: Model.Type, _ target: FuzzTarget, sourceLocation: SourceLocation = #_sourceLocation,
        decode: @escaping @Sendable (Data) throws -> Model
    ) -> FuzzReport {
        let report = fuzzDecoding(type, target, decode: decode)
        report.recordIssues(sourceLocation: sourceLocation)
        return report
    }
}
