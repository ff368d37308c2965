import Foundation
import JSONSchema

/// A `Decoder` that reads no JSON: it answers a model's `init(from:)` with made-up values, and
/// its `ShapeRecorder` notes the type, keys and container of every place the model reads.
///
/// Every key is present, every optional has a value and every list one element, so the whole
/// model is visited; an optional whose type cannot be made up (an enum that is not
/// `CaseIterable`) is left out rather than failing its parent.
struct ShapeProbe: Decoder {
    let recorder: ShapeRecorder
    /// The place being decoded, in the model's key names with `*` for indices and dictionary keys.
    let pattern: JSONPointer
    let codingPath: [any CodingKey]
    let depth: Int
    /// Whether the value here is a dictionary, whose keys are data, not the model's names.
    let isDictionary: Bool
    /// The one key a dictionary read here has; nil for an empty one.
    let dictionaryKey: String?
    /// The key the value is read under, which a made-up string repeats.
    let name: String?

    var userInfo: [CodingUserInfoKey: Any] { recorder.userInfo }

    /// Whether containers here are empty and optionals absent (a recursive model ends here).
    var isDeepest: Bool { depth >= ShapeRecorder.maximumDepth }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        recorder.noteContainer(.keyed, at: pattern)
        return KeyedDecodingContainer(ProbeKeyedContainer<Key>(probe: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        recorder.noteContainer(.unkeyed, at: pattern)
        return ProbeUnkeyedContainer(probe: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        recorder.noteContainer(.single, at: pattern)
        return ProbeSingleValueContainer(probe: self)
    }

    /// The value under `key` of the object here.
    func value<T: Decodable>(_ type: T.Type, forKey key: some CodingKey) throws -> T {
        try recorder.make(
            type, at: childPattern(key), name: key.stringValue, codingPath: codingPath + [key], depth: depth)
    }

    /// The element at `index` of the list here.
    func element<T: Decodable>(_ type: T.Type, at index: Int) throws -> T {
        try recorder.make(
            type, at: pattern.appending("*"), name: nil,
            codingPath: codingPath + [AnyCodingKey(index: index)],
            depth: depth)
    }

    /// The value here, read through a single-value container.
    func single<T: Decodable>(_ type: T.Type) throws -> T {
        try recorder.make(type, at: pattern, name: name, codingPath: codingPath, depth: depth)
    }

    /// A decoder for the value under `key` (nested containers and super decoders).
    func descending(_ key: some CodingKey) -> ShapeProbe {
        ShapeProbe(
            recorder: recorder, pattern: childPattern(key), codingPath: codingPath + [key], depth: depth + 1,
            isDictionary: false, dictionaryKey: nil, name: key.stringValue)
    }

    /// A decoder for the element at `index` (nested containers of a list).
    func descending(index: Int) -> ShapeProbe {
        ShapeProbe(
            recorder: recorder, pattern: pattern.appending("*"),
            codingPath: codingPath + [AnyCodingKey(index: index)],
            depth: depth + 1, isDictionary: false, dictionaryKey: nil, name: nil)
    }

    /// Notes that the model reads `key` here (a dictionary's keys are data, not the model's).
    func noteKey(_ key: some CodingKey) {
        if !isDictionary { recorder.noteKey(key.stringValue, at: pattern) }
    }

    private func childPattern(_ key: some CodingKey) -> JSONPointer {
        noteKey(key)
        return pattern.appending(isDictionary ? "*" : key.stringValue)
    }
}

extension ShapeProbe {
    /// Runs the probe on `Model` and returns the shape, with the app's encoding of the value it
    /// made up, as the JSON bytes the stored-data harness answers the probe request with.
    static func run<Model: Codable>(_ type: Model.Type, coders: StoredCoders) -> [UInt8] {
        let recorder = ShapeRecorder(userInfo: coders.decoder.userInfo)
        var shape = ModelShape()
        do {
            let value = try recorder.make(type, at: .root, name: nil, codingPath: [], depth: 0)
            shape.sample = String(decoding: try coders.encoder.encode(value), as: UTF8.self)
        } catch {
            let failure = StoredFailure(decoding: error)
            let place = JSONPointer(tokens: failure.path.map { $0.index == nil ? $0.key : "*" })
            shape.problem = "at \(place.displayText): \(failure.detail)"
        }
        shape.places = recorder.places
        return (try? JSONEncoder().encode(shape)).map(Array.init) ?? []
    }
}
