/// Why the server answered a request itself with an error status instead of calling the handler.
///
/// The message goes into the response body and the log line so the client author can see what
/// was wrong with the request.
struct RequestRejection: Error, Equatable {
    var status: Int
    var message: String

    static func badRequest(_ message: String) -> RequestRejection {
        RequestRejection(status: 400, message: message)
    }
}
