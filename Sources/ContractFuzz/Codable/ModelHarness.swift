public import Foundation

/// A model type with the decoder (and encoder) the app uses for it, reduced to one function from
/// payload bytes to a `DecodeOutcome`.
///
/// Erasing the type lets the fuzzer, the shrinker and `CrashIsolation`'s child process treat every
/// model alike, and keeps the user's own `JSONDecoder` settings (date and key strategies) in play:
/// a model is only as strict or loose as the decoder that runs it.
public struct ModelHarness: Sendable {
    /// The model's name in reports (`MenuItem`).
    public let typeName: String
    /// The model's full name with its module and enclosing types
    /// (`RestaurantClientTests.TrapOnEmptyName.MenuItem`), for messages that must not be ambiguous.
    public let qualifiedName: String
    /// What `CrashIsolation` looks the harness up by: the type's mangled name (unique, and the same
    /// in parent and child, unlike a local type's printed name) and whether it re-encodes, so two
    /// models both called `MenuItem`, or one model registered only for decoding, never mix up.
    public let identity: String
    /// Whether outcomes include a re-encoding, so encoding drift can be checked.
    public let encodes: Bool
    private let body: @Sendable ([UInt8]) -> DecodeOutcome

    /// A harness for a custom decoding function; `identity` must be unique and the same in every
    /// process that registers it (a mangled type name is; see `ModelHarness.identity(of:encodes:)`).
    public init(
        typeName: String, qualifiedName: String? = nil, identity: String? = nil, encodes: Bool,
        body: @escaping @Sendable ([UInt8]) -> DecodeOutcome
    ) {
        self.typeName = typeName
        self.qualifiedName = qualifiedName ?? typeName
        self.identity = identity ?? "\(typeName) \(encodes ? "round trip" : "decoding")"
        self.encodes = encodes
        self.body = body
    }

    private init<Model>(
        _ type: Model.Type, encodes: Bool, body: @escaping @Sendable ([UInt8]) -> DecodeOutcome
    ) {
        self.init(
            typeName: Self.name(of: type), qualifiedName: Self.readableName(String(reflecting: type)),
            identity: Self.identity(of: type, encodes: encodes), encodes: encodes, body: body)
    }

    /// `String(reflecting:)` without the `(unknown context at $55e9f00ea1f4).` a type declared in
    /// a function gets for each enclosing function: an address means nothing to a reader, and it
    /// differs from run to run. Such a type is marked `(declared in a function)`.
    static func readableName(_ reflected: String) -> String {
        var result = ""
        var local = false
        var rest = Substring(reflected)
        while let start = rest.range(of: "(unknown context at ") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: ")") else {
                rest = rest[start.lowerBound...]
                break
            }
            rest = rest[rest.index(after: end)...]
            if rest.hasPrefix(".") { rest = rest.dropFirst() }
            local = true
        }
        result += rest
        return local ? result + " (declared in a function)" : result
    }

    /// The isolation key of `type`: its mangled name (its printed name when it has none) and the mode.
    public static func identity<Model>(of type: Model.Type, encodes: Bool) -> String {
        (_mangledTypeName(type) ?? String(reflecting: type)) + (encodes ? " round trip" : " decoding")
    }

    /// Decodes and then re-encodes: checks strictness, looseness and encoding drift.
    public static func roundTrip<Model: Codable>(
        _ type: Model.Type, decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder()
    ) -> ModelHarness {
        let decoder = SendableBox(decoder)
        let encoder = SendableBox(encoder)
        let body = SendableBox<([UInt8]) -> DecodeOutcome> { bytes in
            let model: Model
            do {
                model = try decoder.value.decode(Model.self, from: Data(bytes))
            } catch {
                let failure = DecodingFailure(error)
                return .threw(pointer: failure.pointer, message: failure.message)
            }
            do {
                return .decoded(reencoded: Array(try encoder.value.encode(model)))
            } catch {
                return .threw(pointer: .root, message: "encoding the decoded value failed: \(error)")
            }
        }
        return ModelHarness(type, encodes: true) { body.value($0) }
    }

    /// Decodes only: for models the app never sends back.
    public static func decoding<Model: Decodable>(_ type: Model.Type, decoder: JSONDecoder = JSONDecoder())
        -> ModelHarness
    {
        let decoder = SendableBox(decoder)
        let body = SendableBox<([UInt8]) -> DecodeOutcome> { bytes in
            do {
                _ = try decoder.value.decode(Model.self, from: Data(bytes))
                return .decoded(reencoded: nil)
            } catch {
                let failure = DecodingFailure(error)
                return .threw(pointer: failure.pointer, message: failure.message)
            }
        }
        return ModelHarness(type, encodes: false) { body.value($0) }
    }

    /// Decodes with `decode`, the app's own decoding path: a generated client's coding rules (the
    /// dates and data of swift-openapi-generator's runtime), a wrapper, a decoder that is not a
    /// `JSONDecoder`. A model is only as strict or loose as the code that decodes it, so fuzzing
    /// with that code finds what the app meets.
    public static func decoding<Model: Decodable>(
        _ type: Model.Type, decode: @escaping @Sendable (Data) throws -> Model
    ) -> ModelHarness {
        ModelHarness(type, encodes: false) { bytes in
            do {
                _ = try decode(Data(bytes))
                return .decoded(reencoded: nil)
            } catch {
                let failure = DecodingFailure(error)
                return .threw(pointer: failure.pointer, message: failure.message)
            }
        }
    }

    /// Decodes with `decode` and re-encodes with `encode`: ``roundTrip(_:decoder:encoder:)`` for
    /// coding that is more than a `JSONDecoder`'s settings.
    public static func roundTrip<Model: Codable>(
        _ type: Model.Type, decode: @escaping @Sendable (Data) throws -> Model,
        encode: @escaping @Sendable (Model) throws -> Data
    ) -> ModelHarness {
        ModelHarness(type, encodes: true) { bytes in
            let model: Model
            do {
                model = try decode(Data(bytes))
            } catch {
                let failure = DecodingFailure(error)
                return .threw(pointer: failure.pointer, message: failure.message)
            }
            do {
                return .decoded(reencoded: Array(try encode(model)))
            } catch {
                return .threw(pointer: .root, message: "encoding the decoded value failed: \(error)")
            }
        }
    }

    /// Runs the model on `bytes` in this process.
    public func run(_ bytes: [UInt8]) -> DecodeOutcome { body(bytes) }

    /// The type's name without its module (`MenuItem`, `Array<MenuItem>`); a nested type keeps
    /// the types it is nested in, as code names it (`Components.Schemas.Pet`, what
    /// swift-openapi-generator generates), so a report names the type a reader can find.
    static func name<Model>(of type: Model.Type) -> String {
        let reflected = String(reflecting: type)
        guard !reflected.contains("<"), !reflected.contains("("),
            let dot = reflected.firstIndex(of: ".")
        else { return String(describing: type) }
        return String(reflected[reflected.index(after: dot)...])
    }
}
