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

/// Where each value of a parsed document starts, found by its JSON pointer.
///
/// Built only on request (contracts and schemas that people edit), since large response bodies
/// need none and it would cost time and memory there.
///
/// The places are kept as a tree: each is numbered and known by its parent's number and its own
/// token, so recording a value hashes one short token rather than its whole pointer (a 3 MB
/// description has 300,000 values, most of them five to ten tokens deep), and no pointer is built
/// until a message asks for a position.
public struct JSONSourceMap: Sendable {
    /// A place below another: the parent's number and the token that leads to it.
    private struct Edge: Hashable {
        var parent: Int
        var token: String
    }

    /// The number of each place below the root (the root is place 0).
    private var places: [Edge: Int] = [:]
    /// Where the value of each place starts, by place number.
    private var values: [SourcePosition?] = [nil]
    /// Where the key naming each place starts, for messages about a key itself (an unknown key, a
    /// duplicate).
    private var keys: [SourcePosition?] = [nil]

    /// The number of the whole document's place.
    static let root = 0

    public init() {}

    /// Room for about `count` values, so a large document does not regrow the maps while parsing.
    mutating func reserveCapacity(_ count: Int) {
        places.reserveCapacity(count)
        values.reserveCapacity(count)
        keys.reserveCapacity(count)
    }

    /// The number of the place `token` leads to from `parent`, numbered now when it is new.
    mutating func place(_ token: String, under parent: Int) -> Int {
        let edge = Edge(parent: parent, token: token)
        let next = values.count
        // One hash for the usual new place; a key seen twice keeps its first number.
        if let known = places.updateValue(next, forKey: edge) {
            places[edge] = known
            return known
        }
        values.append(nil)
        keys.append(nil)
        return next
    }

    mutating func record(_ position: SourcePosition, place: Int) {
        values[place] = position
    }

    mutating func recordKey(_ position: SourcePosition, place: Int) {
        keys[place] = position
    }

    mutating func record(_ position: SourcePosition, at pointer: JSONPointer) {
        record(position, place: place(of: pointer))
    }

    mutating func recordKey(_ position: SourcePosition, at pointer: JSONPointer) {
        recordKey(position, place: place(of: pointer))
    }

    private mutating func place(of pointer: JSONPointer) -> Int {
        pointer.tokens.reduce(Self.root) { parent, token in place(token, under: parent) }
    }

    /// The position of the value at `pointer`, or of its nearest ancestor that has one.
    public func position(of pointer: JSONPointer) -> SourcePosition? {
        deepest(pointer).position
    }

    /// The position of the key naming the member at `pointer`, else of the value.
    public func keyPosition(of pointer: JSONPointer) -> SourcePosition? {
        let found = deepest(pointer)
        if let place = found.place, let key = keys[place] { return key }
        return found.position
    }

    /// The value position of the deepest place along `pointer` that has one, and the pointer's own
    /// place when the map knows it.
    private func deepest(_ pointer: JSONPointer) -> (position: SourcePosition?, place: Int?) {
        var place = Self.root
        var position = values[place]
        for token in pointer.tokens {
            guard let next = places[Edge(parent: place, token: token)] else { return (position, nil) }
            place = next
            position = values[place] ?? position
        }
        return (position, place)
    }
}
