/// A JSON Pointer (RFC 6901): the address of a value inside a document, such as `/items/3/price`.
///
/// Findings, validation errors and contract problems all name their place with a pointer, so a
/// person can find the value in a large payload and tools can process it.
public struct JSONPointer: Sendable, Hashable, Comparable {
    /// The unescaped reference tokens; empty for the whole document.
    public private(set) var tokens: [String]

    public init(tokens: [String] = []) { self.tokens = tokens }

    /// The pointer to the whole document.
    public static let root = JSONPointer()

    /// Parses pointer text (`/a~1b/0`); nil when it does not start with `/` or has a bad `~` escape.
    ///
    /// Read byte by byte (`/`, `~`, `0` and `1` are ASCII, never part of a longer UTF-8 sequence):
    /// loaders parse a pointer for every `$ref` they follow.
    public init?(_ text: String) {
        var tokens: [String] = []
        var token: [UInt8] = []
        var escaping = false
        for (index, byte) in text.utf8.enumerated() {
            if index == 0 {
                guard byte == UInt8(ascii: "/") else { return nil }
                continue
            }
            if escaping {
                switch byte {
                case UInt8(ascii: "0"): token.append(UInt8(ascii: "~"))
                case UInt8(ascii: "1"): token.append(UInt8(ascii: "/"))
                default: return nil
                }
                escaping = false
                continue
            }
            switch byte {
            case UInt8(ascii: "/"):
                tokens.append(String(decoding: token, as: UTF8.self))
                token.removeAll(keepingCapacity: true)
            case UInt8(ascii: "~"): escaping = true
            default: token.append(byte)
            }
        }
        guard !escaping else { return nil }
        if !text.isEmpty { tokens.append(String(decoding: token, as: UTF8.self)) }
        self.tokens = tokens
    }

    /// A pointer one level deeper.
    public func appending(_ token: String) -> JSONPointer {
        var copy = self
        copy.tokens.append(token)
        return copy
    }

    /// A pointer one level deeper, into an array element.
    public func appending(_ index: Int) -> JSONPointer { appending(String(index)) }

    /// The pointer one level up; the root stays the root.
    public var parent: JSONPointer {
        var copy = self
        if !copy.tokens.isEmpty { copy.tokens.removeLast() }
        return copy
    }

    public var isRoot: Bool { tokens.isEmpty }

    /// The value this pointer addresses in `document`, or nil when it does not exist.
    public func resolve(in document: JSONValue) -> JSONValue? {
        var current = document
        for token in tokens {
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = next
            case .array(let elements):
                guard let index = Self.arrayIndex(token), index < elements.count else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    /// An array index token: digits without a leading zero (RFC 6901).
    public static func arrayIndex(_ token: String) -> Int? {
        guard !token.isEmpty, token.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        if token.count > 1 && token.hasPrefix("0") { return nil }
        return Int(token)
    }

    public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        lhs.tokens.lexicographicallyPrecedes(rhs.tokens)
    }
}

extension JSONPointer: CustomStringConvertible {
    /// The escaped pointer text; the whole document is the empty string.
    ///
    /// Written byte by byte (`~` and `/` are ASCII, never part of a longer UTF-8 sequence): reports
    /// name tens of thousands of places.
    public var description: String {
        var text: [UInt8] = []
        text.reserveCapacity(tokens.reduce(0) { $0 + $1.utf8.count + 1 })
        for token in tokens {
            text.append(UInt8(ascii: "/"))
            for byte in token.utf8 {
                switch byte {
                case UInt8(ascii: "~"): text.append(contentsOf: [UInt8(ascii: "~"), UInt8(ascii: "0")])
                case UInt8(ascii: "/"): text.append(contentsOf: [UInt8(ascii: "~"), UInt8(ascii: "1")])
                default: text.append(byte)
                }
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The pointer text, with the whole document shown as `/` so it is visible in messages.
    public var displayText: String { tokens.isEmpty ? "/" : description }
}
