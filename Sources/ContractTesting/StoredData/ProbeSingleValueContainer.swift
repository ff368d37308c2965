/// The single-value container of `ShapeProbe`: a value that is never null.
struct ProbeSingleValueContainer: SingleValueDecodingContainer {
    let probe: ShapeProbe

    var codingPath: [any CodingKey] { probe.codingPath }

    func decodeNil() -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try probe.single(type) }

    func decode(_ type: Bool.Type) throws -> Bool { try probe.single(type) }
    func decode(_ type: String.Type) throws -> String { try probe.single(type) }
    func decode(_ type: Double.Type) throws -> Double { try probe.single(type) }
    func decode(_ type: Float.Type) throws -> Float { try probe.single(type) }
    func decode(_ type: Int.Type) throws -> Int { try probe.single(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try probe.single(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try probe.single(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try probe.single(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try probe.single(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try probe.single(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try probe.single(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try probe.single(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try probe.single(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try probe.single(type) }
}
