import Foundation
import JSONSchema

/// Makes up values for `ShapeProbe` and notes what the model asked for where.
///
/// The values are plain and distinct (integers count up from 1, strings repeat their key's name,
/// every list has one element, every optional is present), so a recorded snapshot made from them
/// is easy to read, and a model that indexes items by id does not trap on a repeated one.
final class ShapeRecorder {
    /// Containers deeper than this are empty and optionals absent, so recursive models end.
    static let maximumDepth = 12

    private(set) var places: [String: ModelShape.Place] = [:]
    let userInfo: [CodingUserInfoKey: Any]
    private var counter = 0

    init(userInfo: [CodingUserInfoKey: Any]) { self.userInfo = userInfo }

    /// A value of `type` for the place `pattern`, made up or built by the type's own `init(from:)`.
    func make<T: Decodable>(
        _ type: T.Type, at pattern: JSONPointer, name: String?, codingPath: [any CodingKey], depth: Int
    ) throws -> T {
        note(type, at: pattern)
        if let plain = plainValue(type, name: name) { return plain }
        if let iterable = type as? any CaseIterable.Type, let first = Self.firstCase(iterable) as? T {
            return first
        }
        guard depth < Self.maximumDepth else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "nested too deeply to make up a value"))
        }
        let typeName = String(describing: type)
        func probe(key: String?) -> ShapeProbe {
            ShapeProbe(
                recorder: self, pattern: pattern, codingPath: codingPath, depth: depth + 1,
                isDictionary: typeName.hasPrefix("Dictionary<"), dictionaryKey: key, name: name)
        }
        guard let key = Self.dictionaryKey(typeName: typeName) else { return try T(from: probe(key: nil)) }
        do {
            return try T(from: probe(key: key))
        } catch {
            // A key type that cannot be made from the made-up key (an enum): an empty dictionary.
            return try T(from: probe(key: nil))
        }
    }

    /// Notes that the model reads `key` in the object at `pattern`.
    func noteKey(_ key: String, at pattern: JSONPointer) {
        guard var place = places[pattern.description], !place.keys.contains(key) else { return }
        place.keys.append(key)
        places[pattern.description] = place
    }

    /// Notes how the value at `pattern` is read (the first container asked for wins).
    func noteContainer(_ container: ModelShape.Container, at pattern: JSONPointer) {
        guard var place = places[pattern.description], place.container == nil else { return }
        place.container = container
        places[pattern.description] = place
    }

    /// The outermost type read at a place wins (`Status`, not the `String` inside it); an
    /// `Optional` is noted by the type it wraps.
    private func note<T>(_ type: T.Type, at pattern: JSONPointer) {
        let name = String(describing: type)
        guard places[pattern.description] == nil, !name.hasPrefix("Optional<") else { return }
        var place = ModelShape.Place(type: name, kind: Self.kind(of: type, name: name))
        if place.kind == .enumeration, let iterable = type as? any (CaseIterable & Encodable).Type {
            place.cases = Self.encodedCases(iterable)
        }
        places[pattern.description] = place
    }

    private static func kind<T>(of type: T.Type, name: String) -> ModelShape.Kind {
        if type == Date.self { return .date }
        if type == Data.self { return .data }
        if type == URL.self { return .url }
        if type == Decimal.self { return .decimal }
        if type == UUID.self { return .uuid }
        if name.hasPrefix("Dictionary<") { return .dictionary }
        if type is any RawRepresentable.Type { return .enumeration }
        return .other
    }

    /// The key a made-up dictionary gets: one its key type can be made from.
    static func dictionaryKey(typeName: String) -> String? {
        guard typeName.hasPrefix("Dictionary<") else { return nil }
        let keyType = typeName.dropFirst("Dictionary<".count).prefix { $0 != "," }
        return keyType.hasPrefix("Int") || keyType.hasPrefix("UInt") ? "1" : "key"
    }

    private func plainValue<T>(_ type: T.Type, name: String?) -> T? {
        if type == String.self { return (name ?? "text") as? T }
        if type == Bool.self { return true as? T }
        if let integer = type as? any FixedWidthInteger.Type {
            counter += 1
            return Self.integer(integer, counter) as? T
        }
        if let floating = type as? any BinaryFloatingPoint.Type { return Self.floating(floating) as? T }
        let made: Any? =
            switch type {
            case is Date.Type: Date(timeIntervalSince1970: 1_714_557_600)
            case is Data.Type: Data("data".utf8)
            case is URL.Type: URL(string: "https://example.com/")
            case is Decimal.Type: Decimal(string: "1.5")
            case is UUID.Type: UUID(uuidString: "00000000-0000-4000-8000-000000000001")
            default: nil
            }
        return made as? T
    }

    private static func integer<I: FixedWidthInteger>(_ type: I.Type, _ value: Int) -> I {
        I(truncatingIfNeeded: value)
    }

    private static func floating<F: BinaryFloatingPoint>(_ type: F.Type) -> F { F(1.5) }

    private static func firstCase<C: CaseIterable>(_ type: C.Type) -> Any? { type.allCases.first }

    private static func encodedCases<C: CaseIterable & Encodable>(_ type: C.Type) -> [String] {
        type.allCases.compactMap { try? JSONEncoder().encode($0) }.map { String(decoding: $0, as: UTF8.self) }
    }
}
