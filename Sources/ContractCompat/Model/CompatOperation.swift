/// The operation a change belongs to: its id (`operationId`, or the id the loader gave it), method
/// and path template as the new description writes them (the old one's for a removed operation).
public struct CompatOperation: Sendable, Hashable, CustomStringConvertible {
    public var id: String
    public var method: String
    public var path: String

    public init(id: String, method: String, path: String) {
        self.id = id
        self.method = method
        self.path = path
    }

    /// `GET /menu`.
    public var description: String { "\(method) \(path)" }
}
