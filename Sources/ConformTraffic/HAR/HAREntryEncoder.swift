import ConformHTTP
import ContractKit
import Foundation
import JSONSchema

/// One HAR 1.2 entry for an exchange: the request, the response (status 0 and no content when none
/// arrived), and timings where only the total is known.
enum HAREntryEncoder {
    static func entry(
        request: HTTPRequest, response: HTTPResponse?, startedAt: Date, duration: Duration, comment: String?
    ) -> JSONValue {
        let total = max(0, (duration.milliseconds * 1000).rounded() / 1000)
        var members: [(String, JSONValue)] = [
            ("startedDateTime", .string(Timestamp.iso8601(startedAt))), ("time", number(total)),
            ("request", encode(request)), ("response", encode(response)), ("cache", .object(JSONObject())),
            (
                "timings",
                .object(JSONObject([("send", number(0)), ("wait", number(total)), ("receive", number(0))]))
            ),
        ]
        if let comment { members.append(("comment", .string(comment))) }
        return .object(JSONObject(members))
    }

    private static func encode(_ request: HTTPRequest) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("method", .string(request.method)), ("url", .string(request.url)),
            ("httpVersion", .string(request.version)), ("cookies", .array([])),
            ("headers", headers(request.headers)),
            (
                "queryString",
                .array(
                    request.query.map {
                        .object(JSONObject([("name", .string($0.name)), ("value", .string($0.value))]))
                    })
            ),
            ("headersSize", number(-1)), ("bodySize", number(Double(request.body.count))),
        ]
        if !request.body.isEmpty {
            var postData: [(String, JSONValue)] = [
                ("mimeType", .string(request.header("Content-Type") ?? "application/octet-stream"))
            ]
            if let text = String(validating: request.body, as: UTF8.self) {
                postData.append(("text", .string(text)))
            } else {
                postData.append(("text", .string(Data(request.body).base64EncodedString())))
                postData.append(("comment", .string("base64: the body is not UTF-8")))
            }
            members.append(("postData", .object(JSONObject(postData))))
        }
        return .object(JSONObject(members))
    }

    private static func encode(_ response: HTTPResponse?) -> JSONValue {
        guard let response else {
            return .object(
                JSONObject([
                    ("status", number(0)), ("statusText", .string("")), ("httpVersion", .string("")),
                    ("cookies", .array([])), ("headers", .array([])),
                    ("content", .object(JSONObject([("size", number(0)), ("mimeType", .string(""))]))),
                    ("redirectURL", .string("")), ("headersSize", number(-1)), ("bodySize", number(-1)),
                ]))
        }
        var content: [(String, JSONValue)] = [
            ("size", number(Double(response.body.count))),
            ("mimeType", .string(response.header("Content-Type") ?? "")),
        ]
        if let text = String(validating: response.body, as: UTF8.self) {
            if !text.isEmpty { content.append(("text", .string(text))) }
        } else {
            content.append(("text", .string(Data(response.body).base64EncodedString())))
            content.append(("encoding", .string("base64")))
        }
        return .object(
            JSONObject([
                ("status", number(Double(response.status))),
                ("statusText", .string(response.reason ?? HTTPResponse.standardReason(for: response.status))),
                ("httpVersion", .string("HTTP/1.1")), ("cookies", .array([])),
                ("headers", headers(response.headers)),
                ("content", .object(JSONObject(content))),
                ("redirectURL", .string(response.header("Location") ?? "")), ("headersSize", number(-1)),
                ("bodySize", number(Double(response.body.count))),
            ]))
    }

    private static func headers(_ fields: HTTPFields) -> JSONValue {
        .array(
            fields.map { .object(JSONObject([("name", .string($0.name)), ("value", .string($0.value))])) })
    }

    private static func number(_ value: Double) -> JSONValue {
        if value == value.rounded() && abs(value) < 1e15 { return .number(JSONNumber(Int(value))) }
        return JSONNumber(value).map(JSONValue.number) ?? .number(JSONNumber(0))
    }
}
