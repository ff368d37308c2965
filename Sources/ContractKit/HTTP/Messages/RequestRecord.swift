/// A request as sent, kept for findings, transcripts and the curl reproducer.
public struct RequestRecord: HTTPMessage, Hashable {
    public var method: String
    public var url: String
    public var headers: [HeaderField]
    public var body: [UInt8]

    public init(method: String, url: String, headers: [HeaderField] = [], body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The header lines as ``HTTPFields``, the shape the mock server uses too.
    public var fields: HTTPFields { HTTPFields(headers) }

}
