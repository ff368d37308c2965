import ConformHTTP
import ContractKit
import Foundation
import JSONSchema

/// Reads one HAR entry into a ``TrafficExchange``, leniently: what real exports leave out or add is
/// read as its tool meant it (see ``HARFile``), and only a request without a method or URL makes
/// the entry unreadable.
struct HAREntryReader {
    let value: JSONValue
    let index: Int
    let fileName: String

    private var pointer: String { "/log/entries/\(index - 1)" }

    func entry() -> HARFile.Entry {
        let started = value["startedDateTime"]?.stringValue ?? ""
        var entry = HARFile.Entry(index: index, startedText: started)
        guard let request = value["request"], let method = request["method"]?.stringValue, !method.isEmpty,
            let url = request["url"]?.stringValue, !url.isEmpty
        else {
            entry.problem = "\(pointer)/request: a request needs a \"method\" and a \"url\""
            return entry
        }
        let name = "entry \(index) (\(started.isEmpty ? "no start time" : started))"
        var exchange = TrafficExchange(
            name: name, request: HTTPRequest(method: method, url: Self.withoutFragment(url)),
            startedAt: Timestamp.parse(started) ?? Date(timeIntervalSince1970: 0),
            duration: .milliseconds(Int64(max(0, (value["time"]?.numberValue?.doubleValue ?? 0).rounded()))))
        exchange.request.headers = Self.headers(request["headers"])
        exchange.request.version = Self.version(request["httpVersion"]?.stringValue)
        readRequestBody(request["postData"], into: &exchange)
        readResponse(value["response"], into: &exchange)
        entry.exchange = exchange
        return entry
    }

    private func readRequestBody(_ postData: JSONValue?, into exchange: inout TrafficExchange) {
        guard let postData, postData.objectValue != nil else { return }
        let mimeType = postData["mimeType"]?.stringValue ?? ""
        if exchange.request.headers["Content-Type"] == nil, !mimeType.isEmpty {
            exchange.request.headers["Content-Type"] = mimeType
        }
        if let text = postData["text"]?.stringValue {
            exchange.request.body = Self.bytes(text, encoding: postData["encoding"]?.stringValue)
        } else if let params = postData["params"]?.arrayValue, !params.isEmpty {
            let pairs = params.map { ($0["name"]?.stringValue ?? "", $0["value"]?.stringValue ?? "") }
            exchange.request.body = Array(
                pairs.map { URLEncoding.query($0.0) + "=" + URLEncoding.query($0.1) }
                    .joined(separator: "&").utf8)
        } else {
            exchange.requestBodyRecorded = false
        }
    }

    private func readResponse(_ response: JSONValue?, into exchange: inout TrafficExchange) {
        let status = response?["status"]?.intValue ?? 0
        guard let response, status > 0 else {
            let reason = value["response"]?["_error"]?.stringValue ?? value["_error"]?.stringValue
            exchange.failure = .other(
                reason.map { "no response: \($0)" } ?? "no response was recorded (status 0)")
            return
        }
        var received = HTTPResponse(status: status, headers: Self.headers(response["headers"]))
        if let reason = response["statusText"]?.stringValue, !reason.isEmpty { received.reason = reason }
        let content = response["content"]
        if let text = content?["text"]?.stringValue {
            received.body = Self.bytes(text, encoding: content?["encoding"]?.stringValue)
        } else if (content?["size"]?.intValue ?? 0) > 0 || (response["bodySize"]?.intValue ?? 0) > 0 {
            exchange.responseBodyRecorded = false
        }
        if received.headers["Content-Type"] == nil, let mimeType = content?["mimeType"]?.stringValue,
            !mimeType.isEmpty, !received.body.isEmpty
        {
            received.headers["Content-Type"] = mimeType
        }
        received.duration = exchange.duration
        exchange.response = received
    }

    /// The header lines, HTTP/2 pseudo-headers (`:path`, `:status` …) left out.
    static func headers(_ value: JSONValue?) -> HTTPFields {
        HTTPFields(
            (value?.arrayValue ?? []).compactMap { line -> HeaderField? in
                guard let name = line["name"]?.stringValue, !name.isEmpty, !name.hasPrefix(":") else {
                    return nil
                }
                return HeaderField(name, line["value"]?.stringValue ?? "")
            })
    }

    /// `HTTP/1.1` for HTTP/1.x, else the version as the file names it (`h2`, `http/2.0`, `HTTP/3`).
    static func version(_ text: String?) -> String {
        guard let text, !text.isEmpty else { return "HTTP/1.1" }
        return text.uppercased().hasPrefix("HTTP/1.") ? text.uppercased() : text
    }

    /// The bytes of a body's text: base64-decoded when the file says so (and it decodes).
    static func bytes(_ text: String, encoding: String?) -> [UInt8] {
        if encoding?.lowercased() == "base64",
            let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters)
        {
            return Array(data)
        }
        return Array(text.utf8)
    }

    static func withoutFragment(_ url: String) -> String {
        url.firstIndex(of: "#").map { String(url[..<$0]) } ?? url
    }
}
