/// A response as received.
public struct ResponseRecord: HTTPMessage, Hashable {
    public var status: Int
    public var headers: [HeaderField]
    public var body: [UInt8]
    /// Time from sending the request to the end of the body.
    public var duration: Duration
    /// The redirects followed to get here (`--follow-redirects`), first hop first.
    public var redirects: [RedirectHop]

    public init(
        status: Int, headers: [HeaderField] = [], body: [UInt8] = [], duration: Duration = .zero,
        redirects: [RedirectHop] = []
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.duration = duration
        self.redirects = redirects
    }

    /// The header lines as ``HTTPFields``, the shape the mock server uses too.
    public var fields: HTTPFields { HTTPFields(headers) }

}
