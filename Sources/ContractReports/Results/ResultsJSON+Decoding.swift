import ConformHTTP
public import ContractKit
import Foundation
public import JSONSchema

extension ResultsJSON {
    /// Reads a results document back, for `diff`, `merge` and re-rendering reports.
    ///
    /// Optional members may be absent or `null`; unknown members are ignored so that later minor
    /// additions to format 1 stay readable. Errors name the path of the offending member.
    public static func decode(_ value: JSONValue) throws(ResultsFormatError) -> RunResult {
        guard value.objectValue?["conformResults"] != nil else { throw .notResults }
        let root = try JSONFieldReader(value, path: "")
        let version = try root.int("conformResults")
        guard version == formatVersion else { throw .unsupportedVersion(version) }
        guard let contract = try root.nested("contract") else { throw .missing(path: "contract") }
        let startedText = try root.string("startedAt")
        guard let startedAt = Timestamp.parse(startedText) else {
            throw .invalidValue(
                path: "startedAt", reason: "\"\(startedText)\" is not an ISO 8601 date-time with a time zone")
        }
        var seed: UInt64?
        if let value = root.value("seed") {
            guard let number = value.numberValue, let parsed = UInt64(number.description) else {
                throw .wrongType(path: "seed", expected: "an unsigned 64-bit integer or null")
            }
            seed = parsed
        }
        var cases: [CaseResult] = []
        for (index, element) in try root.array("cases").enumerated() {
            cases.append(try decode(case: JSONFieldReader(element, path: "cases[\(index)]")))
        }
        var coverage: [EndpointCoverage] = []
        for (index, element) in try root.array("coverage").enumerated() {
            coverage.append(try decode(coverage: JSONFieldReader(element, path: "coverage[\(index)]")))
        }
        var skipped: [SkippedOperation] = []
        for (index, element) in try root.array("skippedOperations").enumerated() {
            let reader = try JSONFieldReader(element, path: "skippedOperations[\(index)]")
            skipped.append(
                SkippedOperation(
                    endpointID: try reader.string("endpoint"), method: try reader.string("method"),
                    path: try reader.string("path"), reason: try reader.string("reason"),
                    location: try reader.optionalString("location")))
        }
        return RunResult(
            contractName: try contract.string("name"), contractVersion: try contract.string("version"),
            contractFile: try contract.optionalString("file"), baseURL: try root.string("baseURL"),
            startedAt: startedAt, duration: try root.milliseconds("durationMs"), cases: cases,
            shard: try root.optionalString("shard"), seed: seed, toolVersion: try root.string("toolVersion"),
            interrupted: try root.bool("interrupted", default: false), coverage: coverage,
            skippedOperations: skipped)
    }

    private static func decode(case reader: JSONFieldReader) throws(ResultsFormatError) -> CaseResult {
        let outcomeText = try reader.string("outcome")
        guard let outcome = CaseResult.Outcome(rawValue: outcomeText) else {
            throw .invalidValue(
                path: reader.location("outcome"),
                reason: "\"\(outcomeText)\" is not one of passed, failed, error, skipped")
        }
        var checks: [CheckName] = []
        for (index, name) in try reader.strings("checks").enumerated() {
            guard let check = CheckName(rawValue: name) else {
                throw .invalidValue(
                    path: "\(reader.location("checks"))[\(index)]", reason: "unknown check \"\(name)\"")
            }
            checks.append(check)
        }
        var findings: [Finding] = []
        for (index, element) in try reader.array("findings").enumerated() {
            findings.append(
                try decode(
                    finding: JSONFieldReader(element, path: "\(reader.location("findings"))[\(index)]")))
        }
        return CaseResult(
            id: try reader.string("id"), endpointID: try reader.string("endpoint"),
            name: try reader.string("name"),
            method: try reader.string("method"), path: try reader.string("path"), outcome: outcome,
            findings: findings, reason: try reader.optionalString("reason"), checks: checks,
            request: try reader.nested("request").map(decode(request:)),
            response: try reader.nested("response").map(decode(response:)),
            duration: try reader.milliseconds("durationMs"), curl: try reader.optionalString("curl"),
            attempts: try reader.int("attempts", default: 1),
            isUnreachable: try reader.bool("unreachable", default: false))
    }

    private static func decode(finding reader: JSONFieldReader) throws(ResultsFormatError) -> Finding {
        let name = try reader.string("check")
        guard let check = CheckName(rawValue: name) else {
            throw .invalidValue(path: reader.location("check"), reason: "unknown check \"\(name)\"")
        }
        return Finding(
            check: check, message: try reader.string("message"),
            pointer: try reader.optionalString("pointer"),
            expected: try reader.optionalString("expected"), actual: try reader.optionalString("actual"),
            status: try reader.optionalInt("status"), curl: try reader.optionalString("curl"),
            steps: try reader.optionalStrings("steps"))
    }

    private static func decode(request reader: JSONFieldReader) throws(ResultsFormatError) -> HTTPRequest {
        HTTPRequest(
            method: try reader.string("method"), url: try reader.string("url"), headers: try headers(reader),
            body: try body(reader))
    }

    private static func decode(response reader: JSONFieldReader) throws(ResultsFormatError) -> HTTPResponse {
        HTTPResponse(
            status: try reader.int("status"), headers: try headers(reader), body: try body(reader),
            duration: try reader.milliseconds("durationMs"))
    }

    private static func decode(coverage reader: JSONFieldReader) throws(ResultsFormatError)
        -> EndpointCoverage
    {
        var seen: [Int] = []
        for (index, element) in try reader.array("seen").enumerated() {
            guard let status = element.intValue else {
                throw .wrongType(path: "\(reader.location("seen"))[\(index)]", expected: "an integer status")
            }
            seen.append(status)
        }
        return EndpointCoverage(
            endpointID: try reader.string("endpoint"), declared: try reader.strings("declared"), seen: seen,
            unexercised: try reader.strings("unexercised"))
    }

    private static func headers(_ reader: JSONFieldReader) throws(ResultsFormatError) -> HTTPFields {
        var fields: HTTPFields = []
        for (index, element) in try reader.array("headers").enumerated() {
            guard let pair = element.arrayValue, pair.count == 2, let name = pair[0].stringValue,
                let value = pair[1].stringValue
            else {
                throw .wrongType(
                    path: "\(reader.location("headers"))[\(index)]",
                    expected: "a [name, value] pair of strings")
            }
            fields.append(HeaderField(name, value))
        }
        return fields
    }

    private static func body(_ reader: JSONFieldReader) throws(ResultsFormatError) -> [UInt8] {
        if let encoded = try reader.optionalString("bodyBase64") {
            guard let data = Data(base64Encoded: encoded) else {
                throw .invalidValue(path: reader.location("bodyBase64"), reason: "not valid base64")
            }
            return Array(data)
        }
        return Array((try reader.optionalString("body") ?? "").utf8)
    }
}
