/// One reason an instance does not satisfy a schema.
public struct ValidationError: Sendable, Hashable, CustomStringConvertible {
    /// Where in the instance the problem is.
    public var instanceLocation: JSONPointer
    /// The evaluation path of the failing keyword, through any `$ref`, as in the specification's
    /// output formats (for example `/properties/items/items/$ref/properties/price/type`).
    public var keywordLocation: JSONPointer
    /// The absolute URI of the failing keyword in its schema resource, when known.
    public var absoluteKeywordLocation: String?
    /// The keyword that failed, such as `type` or `required`.
    public var keyword: String
    /// A sentence a person can act on, such as `expected number, got string "9.99"`.
    public var message: String

    public init(
        instanceLocation: JSONPointer, keywordLocation: JSONPointer, absoluteKeywordLocation: String?,
        keyword: String, message: String
    ) {
        self.instanceLocation = instanceLocation
        self.keywordLocation = keywordLocation
        self.absoluteKeywordLocation = absoluteKeywordLocation
        self.keyword = keyword
        self.message = message
    }

    public var description: String { "\(instanceLocation.displayText): \(message)" }
}
