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
