/// The unkeyed container of `ShapeProbe`: one element (none past the deepest level), never null.
struct ProbeUnkeyedContainer: UnkeyedDecodingContainer {
    let probe: ShapeProbe
    private(set) var currentIndex = 0

    init(probe: ShapeProbe) { self.probe = probe }

    var codingPath: [any CodingKey] { probe.codingPath }
    var count: Int? { probe.isDeepest ? 0 : 1 }
    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        defer { currentIndex += 1 }
        return try probe.element(type, at: currentIndex)
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        defer { currentIndex += 1 }
        return try probe.descending(index: currentIndex).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        defer { currentIndex += 1 }
        return try probe.descending(index: currentIndex).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        defer { currentIndex += 1 }
        return probe.descending(index: currentIndex)
    }

    private mutating func next<T: Decodable>(_ type: T.Type) throws -> T {
        defer { currentIndex += 1 }
        return try probe.element(type, at: currentIndex)
    }
}
