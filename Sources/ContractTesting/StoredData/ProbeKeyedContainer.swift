/// The keyed container of `ShapeProbe`: every key is there and never null.
struct ProbeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let probe: ShapeProbe

    var codingPath: [any CodingKey] { probe.codingPath }

    /// A dictionary has one made-up key (or none when its key type cannot be made up); a model's
    /// own object lists none (it asks by name).
    var allKeys: [Key] {
        guard let key = probe.dictionaryKey, !probe.isDeepest else { return [] }
        return [Key(stringValue: key)].compactMap { $0 }
    }

    func contains(_ key: Key) -> Bool {
        probe.noteKey(key)
        return !probe.isDeepest
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        probe.noteKey(key)
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try probe.value(type, forKey: key)
    }

    /// An optional the probe cannot make up is absent, so the rest of its object is still probed.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard contains(key) else { return nil }
        return try? probe.value(type, forKey: key)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try probe.value(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try probe.value(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try probe.value(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try probe.value(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try probe.value(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try probe.value(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try probe.value(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try probe.value(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try probe.value(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try probe.value(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try probe.value(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try probe.value(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try probe.value(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try probe.value(type, forKey: key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try probe.descending(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try probe.descending(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { probe.descending(AnyCodingKey("super")) }

    func superDecoder(forKey key: Key) throws -> any Decoder { probe.descending(key) }
}
