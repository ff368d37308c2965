public import JSONSchema

/// A JSON pointer in which `*` matches every element of an array or member of an object.
public struct PointerPattern: Sendable, Hashable, CustomStringConvertible {
    public enum Token: Sendable, Hashable {
        case name(String)
        case wildcard
    }

    public var tokens: [Token]

    /// Parses `/items/*/category`; nil when the text is not a pointer.
    public init?(_ text: String) {
        guard let pointer = JSONPointer(text) else { return nil }
        tokens = pointer.tokens.map { $0 == "*" ? .wildcard : .name($0) }
    }

    public init(tokens: [Token]) { self.tokens = tokens }

    public var hasWildcard: Bool { tokens.contains(.wildcard) }

    public var description: String {
        tokens.map { token in
            switch token {
            case .wildcard: return "/*"
            case .name(let name): return JSONPointer(tokens: [name]).description
            }
        }.joined()
    }

    /// Every value the pattern reaches in `document`, with its concrete pointer, in document order.
    public func matches(in document: JSONValue) -> [(pointer: JSONPointer, value: JSONValue)] {
        var current: [(pointer: JSONPointer, value: JSONValue)] = [(.root, document)]
        for token in tokens {
            var next: [(pointer: JSONPointer, value: JSONValue)] = []
            for (pointer, value) in current {
                switch (token, value) {
                case (.wildcard, .array(let elements)):
                    for (index, element) in elements.enumerated() {
                        next.append((pointer.appending(index), element))
                    }
                case (.wildcard, .object(let object)):
                    for member in object.members {
                        next.append((pointer.appending(member.key), member.value))
                    }
                case (.name(let name), _):
                    let step = JSONPointer(tokens: [name])
                    if let child = step.resolve(in: value) { next.append((pointer.appending(name), child)) }
                default:
                    break
                }
            }
            current = next
        }
        return current
    }
}
