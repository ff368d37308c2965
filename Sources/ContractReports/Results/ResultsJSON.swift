import ConformHTTP
public import ContractKit
import Foundation
public import JSONSchema

/// The results of a run as a stable, versioned JSON document: what `diff` and `merge` read back,
/// and what other tools can consume. `docs/results.schema.json` describes it.
///
/// Durations are milliseconds with up to three decimals, timestamps ISO 8601 in UTC, headers
/// `[name, value]` pairs in wire order, and bodies UTF-8 text in `body`, or base64 in `bodyBase64`
/// when the bytes are not valid UTF-8, so that every byte the server sent survives a round trip.
public enum ResultsJSON {
    /// The value of the top-level `conformResults` member; raised only for incompatible changes.
    public static let formatVersion = 1

    /// The document for `result`, members in a fixed order so files diff cleanly.
    public static func encode(_ result: RunResult) -> JSONValue {
        let contract: JSONValue = .object(
            JSONObject([
                ("name", .string(result.contractName)), ("version", .string(result.contractVersion)),
                ("file", optional(result.contractFile)),
            ]))
        return .object(
            JSONObject([
                ("conformResults", .number(JSONNumber(formatVersion))),
                ("contract", contract),
                ("baseURL", .string(result.baseURL)),
                ("startedAt", .string(Timestamp.iso8601(result.startedAt))),
                ("durationMs", milliseconds(result.duration)),
                ("shard", optional(result.shard)),
                (
                    "seed",
                    result.seed.map { .number(JSONNumber(parsing: String($0)) ?? JSONNumber(0)) } ?? .null
                ),
                ("toolVersion", .string(result.toolVersion)),
                ("interrupted", .bool(result.interrupted)),
                ("verdict", .string(result.verdict.rawValue)),
                ("cases", .array(result.cases.map(encode(case:)))),
                ("coverage", .array(result.coverage.map(encode(coverage:)))),
                ("skippedOperations", .array(result.skippedOperations.map(encode(skipped:)))),
            ]))
    }

    /// An operation the loader left out: never tested, so the results say which and why.
    static func encode(skipped operation: SkippedOperation) -> JSONValue {
        .object(
            JSONObject([
                ("endpoint", .string(operation.endpointID)), ("method", .string(operation.method)),
                ("path", .string(operation.path)),
                ("reason", .string(ReportFormatting.clipped(operation.reason))),
                ("location", optional(operation.location)),
            ]))
    }

    static func encode(case item: CaseResult) -> JSONValue {
        .object(
            JSONObject([
                ("id", .string(item.id)),
                ("endpoint", .string(item.endpointID)),
                ("name", .string(item.name)),
                ("method", .string(item.method)),
                ("path", .string(item.path)),
                ("outcome", .string(item.outcome.rawValue)),
                ("durationMs", milliseconds(item.duration)),
                ("attempts", .number(JSONNumber(item.attempts))),
                ("unreachable", .bool(item.isUnreachable)),
                ("reason", optional(item.reason)),
                ("checks", .array(item.checks.map { .string($0.rawValue) })),
                ("findings", .array(item.findings.map(encode(finding:)))),
                ("curl", optional(item.curl.map { ReportFormatting.clipped($0) })),
                ("request", item.request.map(encode(request:)) ?? .null),
                ("response", item.response.map(encode(response:)) ?? .null),
            ]))
    }

    /// Text fields are clipped to ``ReportFormatting/fieldLimit`` like in the other reports, so a
    /// finding quoting a huge value cannot swamp the file; bodies keep up to 1 MiB.
    static func encode(finding: Finding) -> JSONValue {
        .object(
            JSONObject([
                ("check", .string(finding.check.rawValue)),
                ("side", .string(finding.check.side.rawValue)),
                ("message", .string(ReportFormatting.clipped(finding.message))),
                ("pointer", optional(finding.pointer)),
                ("expected", optional(finding.expected.map { ReportFormatting.clipped($0) })),
                ("actual", optional(finding.actual.map { ReportFormatting.clipped($0) })),
                ("status", finding.status.map { .number(JSONNumber($0)) } ?? .null),
                ("curl", optional(finding.curl.map { ReportFormatting.clipped($0) })),
                ("steps", .array(finding.steps.map { .string(ReportFormatting.clipped($0)) })),
            ]))
    }

    static func encode(request: HTTPRequest) -> JSONValue {
        .object(
            JSONObject([
                ("method", .string(request.method)), ("url", .string(request.url)),
                ("headers", headers(request.headers)), body(request.body),
            ]))
    }

    static func encode(response: HTTPResponse) -> JSONValue {
        .object(
            JSONObject([
                ("status", .number(JSONNumber(response.status))), ("headers", headers(response.headers)),
                body(response.body), ("durationMs", milliseconds(response.duration)),
            ]))
    }

    static func encode(coverage: EndpointCoverage) -> JSONValue {
        .object(
            JSONObject([
                ("endpoint", .string(coverage.endpointID)),
                ("declared", .array(coverage.declared.map { .string($0) })),
                ("seen", .array(coverage.seen.map { .number(JSONNumber($0)) })),
                ("unexercised", .array(coverage.unexercised.map { .string($0) })),
            ]))
    }

    private static func optional(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }

    private static func milliseconds(_ duration: Duration) -> JSONValue {
        .number(JSONNumber(parsing: ReportFormatting.millisecondsText(duration)) ?? JSONNumber(0))
    }

    private static func headers(_ fields: HTTPFields) -> JSONValue {
        .array(fields.map { .array([.string($0.name), .string($0.value)]) })
    }

    /// `body` when the bytes are valid UTF-8 (so people can read the file), `bodyBase64` otherwise.
    private static func body(_ whole: [UInt8]) -> JSONObject.Member {
        // At most 1 MiB of any body, whoever built the result.
        let bytes =
            whole.count > CaseBuilder.keptResponseBytes
            ? Array(whole.prefix(CaseBuilder.keptResponseBytes)) : whole
        let text = String(decoding: bytes, as: UTF8.self)
        if text.utf8.elementsEqual(bytes) { return ("body", .string(text)) }
        return ("bodyBase64", .string(Data(bytes).base64EncodedString()))
    }
}
