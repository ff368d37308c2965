/// A place in a source text: 1-based line and column (columns count Unicode scalars), and the
/// byte offset, so messages can say `restaurant.json:12:7`.
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public var description: String { "\(line):\(column)" }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool { lhs.offset < rhs.offset }
}

/// Where each value of a parsed document starts, keyed by its JSON pointer.
///
/// Built only on request (contracts and schemas that people edit), since large response bodies
/// need none and it would cost time and memory there.
public struct JSONSourceMap: Sendable {
    public private(set) var positions: [JSONPointer: SourcePosition] = [:]
    /// Where object keys start, for messages about a key itself (an unknown key, a duplicate).
    public private(set) var keyPositions: [JSONPointer: SourcePosition] = [:]

    public init() {}

    /// Room for about `count` values, so a large document does not regrow the maps while parsing.
    mutating func reserveCapacity(_ count: Int) {
        positions.reserveCapacity(count)
        keyPositions.reserveCapacity(count)
    }

    mutating func record(_ position: SourcePosition, at pointer: JSONPointer) {
        positions[pointer] = position
    }

    mutating func recordKey(_ position: SourcePosition, at pointer: JSONPointer) {
        keyPositions[pointer] = position
    }

    /// The position of the value at `pointer`, or of its nearest ancestor that has one.
    public func position(of pointer: JSONPointer) -> SourcePosition? {
        var current = pointer
        while true {
            if let position = positions[current] { return position }
            if current.isRoot { return nil }
            current = current.parent
        }
    }

    /// The position of the key naming the member at `pointer`, else of the value.
    public func keyPosition(of pointer: JSONPointer) -> SourcePosition? {
        keyPositions[pointer] ?? position(of: pointer)
    }
}
