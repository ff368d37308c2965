import Foundation
import JSONSchema

/// Translates key names between a snapshot file and the model, through the app's own key
/// strategy, so every message names the key the file has (`due_date`, not `dueDate`).
///
/// A decoder error's coding path holds the model's names. Rather than re-implement each
/// strategy, a wire name is turned into a model name by letting the app's decoder read a
/// one-key document, and a model name into a wire name by letting an encoder with the matching
/// strategy write one. Results are kept, so each name costs one tiny decode.
final class WireKeys {
    private let decoder: JSONDecoder
    /// Writes model names as the file spells them; nil when names are the same both ways.
    private let keyWriter: JSONEncoder?
    private var modelNames: [String: String] = [:]
    private var wireNames: [String: String] = [:]

    init(coders: StoredCoders) {
        decoder = coders.decoder
        switch coders.decoder.keyDecodingStrategy {
        case .useDefaultKeys:
            keyWriter = nil
        case .convertFromSnakeCase:
            let writer = JSONEncoder()
            writer.keyEncodingStrategy = .convertToSnakeCase
            keyWriter = writer
        default:
            keyWriter = coders.encoder
        }
    }

    /// The name the model reads a file's key under.
    func modelKey(forWire wire: String) -> String {
        guard keyWriter != nil else { return wire }
        if let known = modelNames[wire] { return known }
        let document = JSONSerializer().bytes(.object(JSONObject([(key: wire, value: .null)])))
        let name = (try? decoder.decode(FirstKey.self, from: Data(document)))?.name ?? wire
        modelNames[wire] = name
        return name
    }

    /// The key a file has for the model's `model` name.
    func wireKey(forModel model: String) -> String {
        guard let keyWriter else { return model }
        if let known = wireNames[model] { return known }
        let written = (try? keyWriter.encode(OneKey(name: model))).flatMap {
            try? JSONParser.parse(Array($0))
        }
        let name = written?.objectValue?.keys.first ?? model
        wireNames[model] = name
        return name
    }

    /// The key of `object` the model reads as `model`: the same name first (a dictionary's keys
    /// are not converted), then one the strategy turns into it.
    func member(of object: JSONObject, model: String) -> String? {
        if object[model] != nil { return model }
        return object.keys.first { modelKey(forWire: $0) == model }
    }

    /// The file's pointer for a decoder's coding path through `document`: each key as the file
    /// spells it, as far as the document goes, then as the strategy would write it.
    func pointer(for path: [StoredFailure.Step], in document: JSONValue) -> JSONPointer {
        var node: JSONValue? = document
        var tokens: [String] = []
        for step in path {
            switch node {
            case .array(let elements)? where step.index != nil:
                let index = step.index ?? 0
                tokens.append(String(index))
                node = elements.indices.contains(index) ? elements[index] : nil
            case .object(let object)?:
                let key = member(of: object, model: step.key) ?? wireKey(forModel: step.key)
                tokens.append(key)
                node = object[key]
            default:
                tokens.append(step.index.map(String.init) ?? wireKey(forModel: step.key))
                node = nil
            }
        }
        return JSONPointer(tokens: tokens)
    }
}

/// Reads the name the decoder gives the only key of an object.
private struct FirstKey: Decodable {
    let name: String?

    init(from decoder: any Decoder) throws {
        name = try decoder.container(keyedBy: AnyCodingKey.self).allKeys.first?.stringValue
    }
}

/// Writes an object with one key, `name`, so the encoder's key strategy spells it.
private struct OneKey: Encodable {
    let name: String

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encodeNil(forKey: AnyCodingKey(name))
    }
}
