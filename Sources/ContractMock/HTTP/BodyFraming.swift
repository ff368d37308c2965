import ContractKit

/// How the length of a request body is determined (RFC 9112 §6.3).
///
/// Ambiguous framing is the root of request smuggling, so anything unclear is rejected rather
/// than guessed: both `Transfer-Encoding` and `Content-Length`, differing `Content-Length`
/// values, or a length that is not a plain decimal number.
enum BodyFraming: Equatable {
    case empty
    case length(Int)
    case chunked

    init(headers: HTTPHeaders, maxBodyBytes: Int) throws(RequestRejection) {
        let codings = headers.tokens(for: "Transfer-Encoding")
        let lengths = headers.values(for: "Content-Length")
        if headers.contains("Transfer-Encoding") {
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
        guard !lengths.isEmpty else {
            self = .empty
            return
        }
        let elements = lengths.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingASCIIWhitespace() }
        guard let first = elements.first, elements.allSatisfy({ $0 == first }) else {
            throw .badRequest("conflicting Content-Length values \(lengths)")
        }
        guard !first.isEmpty, first.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            throw .badRequest("Content-Length must be a non-negative decimal number, got \"\(first)\"")
        }
        guard let length = Int(first), length <= maxBodyBytes else {
            throw RequestRejection(
                status: 413, message: "the body of \(first) bytes exceeds the limit of \(maxBodyBytes) bytes")
        }
        self = length == 0 ? .empty : .length(length)
    }
}
