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

/// One redirect followed: the request that got it and its status.
public struct RedirectHop: Sendable, Hashable, CustomStringConvertible {
    public var status: Int
    public var method: String
    public var url: String

    public init(status: Int, method: String, url: String) {
        self.status = status
        self.method = method
        self.url = url
    }

    public var description: String { "\(method) \(url) -> \(status)" }
}

/// One header line.
public struct HeaderField: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

extension String {
    func caseInsensitiveEquals(_ other: String) -> Bool {
        utf8.count == other.utf8.count && lowercased() == other.lowercased()
    }
}
