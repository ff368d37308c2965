#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns a handler's response into the bytes of a well-formed HTTP/1.1 message head.
///
/// The server owns the framing: it sets `Content-Length` from the actual body, `Connection`
/// from its keep-alive decision, and `Date` when the handler did not. Fields a handler could
/// use to break the message (CR/LF in a value, an invalid name) are dropped and reported.
enum ResponseSerializer {
    /// How the body after a head is framed when it is not `response.body` alone (a streamed body).
    enum StreamedFraming {
        /// The whole length is known: `Content-Length`.
        case length(Int)
        /// `Transfer-Encoding: chunked`.
        case chunked
        /// Neither: the body ends when the connection closes.
        case untilClose
    }

    /// The head bytes and the names of header fields that were dropped as invalid.
    static func head(
        for response: HTTPResponse, keepAlive: Bool, requestVersion: String, omitsContentLength: Bool = false,
        streamed: StreamedFraming? = nil
    ) -> (bytes: [UInt8], dropped: [String]) {
        let reason = (response.reason ?? HTTPResponse.standardReason(for: response.status))
            .filter { $0 != "\r" && $0 != "\n" }
        var text = "HTTP/1.1 \(response.status) \(reason)\r\n"
        var dropped: [String] = []
        for field in response.headers {
            switch field.name.lowercased() {
            case "content-length", "transfer-encoding", "connection":
                continue
            default:
                guard isValid(field) else {
                    dropped.append(field.name)
                    continue
                }
                text += "\(field.name): \(field.value)\r\n"
            }
        }
        if !response.headers.contains("Date") {
            text += "Date: \(httpDate())\r\n"
        }
        switch streamed {
        case nil:
            if response.statusAllowsBody && !omitsContentLength {
                text += "Content-Length: \(response.body.count)\r\n"
            }
        case .length(let length): text += "Content-Length: \(length)\r\n"
        case .chunked: text += "Transfer-Encoding: chunked\r\n"
        case .untilClose: break
        }
        if !keepAlive {
            text += "Connection: close\r\n"
        } else if requestVersion == "HTTP/1.0" {
            text += "Connection: keep-alive\r\n"
        }
        text += "\r\n"
        return (Array(text.utf8), dropped)
    }

    /// A complete error response the server sends itself, always closing the connection.
    static func errorResponse(_ rejection: RequestRejection) -> HTTPResponse {
        HTTPResponse(status: rejection.status, text: rejection.message + "\n")
    }

    private static func isValid(_ field: HeaderField) -> Bool {
        !field.name.isEmpty && field.name.utf8.allSatisfy(FieldLine.isTokenByte)
            && field.value.utf8.allSatisfy { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }
    }

    /// The current time in the IMF-fixdate format of RFC 9110 §5.6.7,
    /// for example `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func httpDate() -> String {
        var now = time(nil)
        var parts = tm()
        guard gmtime_r(&now, &parts) != nil else { return "Thu, 01 Jan 1970 00:00:00 GMT" }
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let day = days[Int(parts.tm_wday) % 7]
        let month = months[Int(parts.tm_mon) % 12]
        return "\(day), \(twoDigits(parts.tm_mday)) \(month) \(parts.tm_year + 1900) "
            + "\(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec)) GMT"
    }
}
