extension BodyFraming {
    /// The framing of a request body, as a server must decide it (RFC 9112 §6.3).
    ///
    /// Ambiguous framing is the root of request smuggling, so anything unclear is refused rather
    /// than guessed: both `Transfer-Encoding` and `Content-Length`, differing `Content-Length`
    /// values, or a length that is not a plain decimal number.
    /// - Throws: The status and message to answer with (400, 413, 501).
    package init(requestHeaders headers: HTTPFields, maximumBodyBytes: Int) throws(RequestRejection) {
        let lengths = headers.values(for: "Content-Length")
        if headers.contains("Transfer-Encoding") {
            let codings = headers.tokens(for: "Transfer-Encoding")
            guard lengths.isEmpty else {
                throw .badRequest("a request must not have both Transfer-Encoding and Content-Length")
            }
            guard codings == ["chunked"] else {
                if codings.last == "chunked" || codings.isEmpty {
                    throw RequestRejection(
                        status: 501,
                        message: "only \"Transfer-Encoding: chunked\" is supported, got \(codings)")
                }
                throw RequestRejection(
                    status: 501, message: "unsupported transfer coding \"\(codings.last ?? "")\"")
            }
            self = .chunked
            return
        }
        let tooLarge = { (text: String) in
            RequestRejection(
                status: 413,
                message: "the body of \(text) bytes exceeds the limit of \(maximumBodyBytes) bytes")
        }
        switch Self.declaredLength(lengths) {
        case .absent:
            self = .empty
        case .conflicting:
            throw .badRequest("conflicting Content-Length values \(lengths)")
        case .notANumber(let text):
            throw .badRequest("Content-Length must be a non-negative decimal number, got \"\(text)\"")
        case .tooLong(let text):
            throw tooLarge(text)
        case .value(let length):
            guard length <= maximumBodyBytes else { throw tooLarge(String(length)) }
            self = length == 0 ? .empty : .length(length)
        }
    }
}
