import ContractKit
import JSONSchema
import SchemaGeneration

/// Makes values valid by a schema of the contract: generated with the mock's seed, checked with the
/// contract's validator, retried with derived seeds, so a body the mock sends is always valid.
struct BodyFactory {
    let mock: ContractMock

    /// A value valid by the schema at `pointer`, or nil when none was found in a few tries.
    func value(at pointer: JSONPointer, key: String) -> JSONValue? {
        let cacheKey = "\(pointer)\u{0}\(key)"
        if let cached = mock.generated.withLock({ $0[cacheKey] }) { return cached }
        let value = generate(at: pointer, key: key)
        if let value {
            mock.generated.withLock { cache in
                if cache.count < Self.cacheLimit { cache[cacheKey] = value }
            }
        }
        return value
    }

    /// How many generated values the mock remembers.
    private static let cacheLimit = 4_096

    private func generate(at pointer: JSONPointer, key: String) -> JSONValue? {
        guard let schema = mock.navigator.schema(at: pointer) else { return nil }
        return mock.generator.validInstance(for: schema, seed: mock.configuration.seed, key: key) {
            isValid($0, at: pointer)
        }
    }

    func isValid(_ value: JSONValue, at pointer: JSONPointer?) -> Bool {
        guard let pointer else { return true }
        return mock.schemas.validate(value, at: pointer).isValid
    }

    /// The body of a response: the declared example when it is valid, else a generated value.
    func body(for spec: ResponseSpec, key: String) -> JSONValue? {
        if let example = spec.example {
            let substituted =
                (try? Template.substitute(example, ["baseURL": .string(mock.baseURL)])) ?? example
            if isValid(substituted, at: spec.schemaPointer) { return substituted }
        }
        guard let pointer = spec.schemaPointer else { return nil }
        return value(at: pointer, key: key)
    }

    /// An error body that carries the message where the schema has room for one (`error`,
    /// `message`, `detail`), and is valid by the schema either way.
    func errorBody(for spec: ResponseSpec, key: String, message: String) -> JSONValue {
        guard spec.schemaPointer != nil || spec.example != nil else {
            return .object(JSONObject([("error", .string(message))]))
        }
        guard var body = body(for: spec, key: key) else {
            return .object(JSONObject([("error", .string(message))]))
        }
        if case .object(let object) = body {
            for field in ["error", "message", "detail", "title"] where object[field]?.stringValue != nil {
                var edited = object
                edited[field] = .string(message)
                if isValid(.object(edited), at: spec.schemaPointer) {
                    body = .object(edited)
                    break
                }
            }
        }
        return body
    }

    /// Serializes a value for a declared content type: JSON, XML, plain text, or sample bytes.
    func bytes(_ value: JSONValue?, contentType: String, spec: ResponseSpec, path: String) -> [UInt8] {
        let essence = MediaType.essence(contentType)
        if MediaType.isJSON(contentType) {
            return JSONSerializer().bytes(value ?? .object(JSONObject()))
        }
        if essence.hasSuffix("/xml") || essence.hasSuffix("+xml") {
            let root =
                spec.schemaPointer.flatMap { mock.navigator.schema(at: $0) }
                .flatMap { mock.navigator.resolve($0)["xml"]?["name"]?.stringValue } ?? "response"
            return Array(XMLRendering.document(value ?? .null, root: root).utf8)
        }
        if essence.hasPrefix("image/") {
            let seed = mock.configuration.seed ^ SeededRandom.stableHash(path)
            switch essence {
            case "image/jpeg": return SampleImage.jpeg(width: 8, height: 8, seed: seed)
            case "image/webp": return SampleImage.webp(width: 8, height: 8, seed: seed)
            default: return SampleImage.png(width: 8, height: 8, seed: seed)
            }
        }
        if let value {
            if case .string(let text) = value { return Array(text.utf8) }
            if essence.hasPrefix("text/") { return Array(Template.plainText(value).utf8) }
            return JSONSerializer().bytes(value)
        }
        return Array("mock".utf8)
    }
}
