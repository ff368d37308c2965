public import JSONSchema

/// Schema errors that differ only by array index, folded into one finding each.
///
/// One wrong-typed field in a 20-item list is one fault of the server, not twenty: the reader gets
/// `/items/*/price: expected number, got string — 20 of 20 items` with the first instance as the
/// actual value, and the report stays short however long the list.
public struct SchemaErrorGroups: Sendable {
    /// One group: the errors at the same place of every element, by the same keyword.
    public struct Group: Sendable {
        /// The instance location with array indices replaced by `*` (`/items/*/price`).
        public var pattern: String
        /// The first error of the group, as the validator reported it.
        public var first: ValidationError
        /// How many errors the group folds.
        public var count: Int
        /// How many elements the innermost wildcard ranges over in the body (all items of the list).
        public var elements: Int
    }

    public private(set) var groups: [Group] = []

    /// Groups `errors` found in `body`, keeping the order of each group's first error.
    public init(_ errors: [ValidationError], in body: JSONValue) {
        var index: [String: Int] = [:]
        for error in errors {
            let (pattern, arrayPrefix) = Self.wildcarded(error.instanceLocation, in: body)
            let key = pattern + "\u{0}" + error.keywordLocation.description
            if let position = index[key] {
                groups[position].count += 1
                continue
            }
            index[key] = groups.count
            groups.append(
                Group(
                    pattern: pattern, first: error, count: 1,
                    elements: arrayPrefix.map { Self.elementCount(of: $0, in: body) } ?? 1))
        }
    }

    /// The location with every array index replaced by `*`, and the wildcarded path of the
    /// innermost array (to count its elements), if any.
    static func wildcarded(_ location: JSONPointer, in body: JSONValue) -> (String, [String]?) {
        var tokens: [String] = []
        var innermostArray: [String]?
        var current: JSONValue? = body
        for token in location.tokens {
            if case .array(let elements)? = current, let index = JSONPointer.arrayIndex(token),
                index < elements.count
            {
                innermostArray = tokens
                tokens.append("*")
                current = elements[index]
            } else {
                tokens.append(token)
                current = current?.objectValue?[token]
            }
        }
        let text = tokens.isEmpty ? "/" : "/" + tokens.map(Self.escape).joined(separator: "/")
        return (text, innermostArray)
    }

    /// Elements of every array the wildcarded path reaches, added up.
    static func elementCount(of path: [String], in body: JSONValue) -> Int {
        var values = [body]
        for token in path {
            if token == "*" {
                values = values.flatMap { $0.arrayValue ?? [] }
            } else {
                values = values.compactMap { $0.objectValue?[token] }
            }
        }
        return values.reduce(0) { $0 + ($1.arrayValue?.count ?? 0) }
    }

    private static func escape(_ token: String) -> String {
        token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
