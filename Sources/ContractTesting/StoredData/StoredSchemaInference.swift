import Foundation
import JSONSchema

/// Infers the JSON Schema of what one app version stored, from its snapshots: the types seen at
/// each place, the keys present in every object (required), the values of enums, and formats.
///
/// The schema stands for "what the old model could store", so it errs on the narrow side: a
/// wider one would let the fuzzer send values no old version ever wrote, and report a model
/// that is in fact compatible. Objects allow no other keys, a list never seen with items stays
/// empty, a model's enum takes only the values seen, and date strings keep the shape seen. The
/// current model's shape tells an enum from free text and a dictionary from an object; where
/// it says nothing, strings that look like Swift case names are taken for an enum.
struct StoredSchemaInference {
    let shape: ModelShape
    let keys: WireKeys

    /// The schema of `values`, each one stored value of the model.
    func schema(of values: [JSONValue]) -> JSONValue { infer(values, at: .root) }

    private func infer(_ values: [JSONValue], at pattern: JSONPointer) -> JSONValue {
        let place = shape.place(pattern)
        var branches: [JSONValue] = []
        if values.contains(where: \.isNull) { branches.append(["type": "null"]) }
        if values.contains(where: { $0.boolValue != nil }) { branches.append(["type": "boolean"]) }
        let numbers = values.compactMap(\.numberValue)
        if !numbers.isEmpty {
            branches.append(["type": numbers.allSatisfy(\.isInteger) ? "integer" : "number"])
        }
        let strings = values.compactMap(\.stringValue)
        if !strings.isEmpty { branches.append(stringSchema(strings, kind: place?.kind)) }
        let arrays = values.filter { $0.arrayValue != nil }
        if !arrays.isEmpty { branches.append(arraySchema(arrays, at: pattern)) }
        let objects = values.compactMap(\.objectValue)
        if !objects.isEmpty { branches.append(objectSchema(objects, at: pattern)) }
        return Self.combining(branches)
    }

    private func stringSchema(_ strings: [String], kind: ModelShape.Kind?) -> JSONValue {
        let distinct = Array(Set(strings)).sorted()
        switch kind {
        case .enumeration?:
            return ["enum": .array(distinct.map(JSONValue.string))]
        case .date?:
            return Self.dateSchema(distinct)
        case .data?:
            return ["type": "string", "contentEncoding": "base64", "pattern": .string(Self.base64Pattern)]
        case .url?:
            return ["type": "string", "format": "uri"]
        case .uuid?:
            return ["type": "string", "format": "uuid"]
        case nil:
            if distinct.allSatisfy(Self.isDateTime) { return Self.dateSchema(distinct) }
            if distinct.allSatisfy({ UUID(uuidString: $0) != nil }) {
                return ["type": "string", "format": "uuid"]
            }
            if distinct.allSatisfy(Self.looksLikeCase) {
                return ["enum": .array(distinct.map(JSONValue.string))]
            }
            return ["type": "string"]
        default:
            return ["type": "string"]
        }
    }

    private func arraySchema(_ arrays: [JSONValue], at pattern: JSONPointer) -> JSONValue {
        if shape.place(pattern)?.kind == .dictionary {
            // A dictionary whose keys are not strings is stored as [key, value, key, value]:
            // only the lists seen keep that pairing.
            return ["enum": .array(Array(Set(arrays)))]
        }
        let elements = arrays.flatMap { $0.arrayValue ?? [] }
        guard !elements.isEmpty else { return ["type": "array", "maxItems": 0] }
        return ["type": "array", "items": infer(elements, at: shape.child(of: pattern, key: nil))]
    }

    private func objectSchema(_ objects: [JSONObject], at pattern: JSONPointer) -> JSONValue {
        var names: [String] = []
        for object in objects {
            for key in object.keys where !names.contains(key) { names.append(key) }
        }
        let place = shape.place(pattern)
        if place?.kind == .dictionary { return dictionarySchema(objects, keys: names, at: pattern) }
        var properties = JSONObject()
        for name in names {
            let child = shape.child(of: pattern, key: keys.modelKey(forWire: name))
            properties[name] = infer(objects.compactMap { $0[name] }, at: child)
        }
        var schema = JSONObject([("type", "object"), ("properties", .object(properties))])
        let required = names.filter { name in objects.allSatisfy { $0[name] != nil } }
        if !required.isEmpty { schema["required"] = .array(required.map(JSONValue.string)) }
        schema["additionalProperties"] = false
        return .object(schema)
    }

    /// A dictionary takes any subset of the keys seen, each with any value seen; one keyed by
    /// `String` takes other keys too (an enum's or an `Int`'s must be one it can read).
    private func dictionarySchema(_ objects: [JSONObject], keys names: [String], at pattern: JSONPointer)
        -> JSONValue
    {
        let values = objects.flatMap(\.values)
        guard !values.isEmpty else { return ["type": "object", "maxProperties": 0] }
        let valueSchema = infer(values, at: shape.child(of: pattern, key: nil))
        let keyType = (shape.place(pattern)?.type ?? "").dropFirst("Dictionary<".count).prefix { $0 != "," }
        return .object(
            JSONObject([
                ("type", "object"),
                ("properties", .object(JSONObject(names.map { ($0, valueSchema) }))),
                ("additionalProperties", keyType == "String" ? valueSchema : false),
            ]))
    }

    /// One schema for several kinds of value: `{"type": [...]}` when each is a bare type, an
    /// `enum` with `null` added, or `anyOf`.
    static func combining(_ branches: [JSONValue]) -> JSONValue {
        guard branches.count > 1 else { return branches.first ?? [:] }
        let bare = branches.compactMap { branch -> JSONValue? in
            guard let object = branch.objectValue, object.count == 1 else { return nil }
            return object["type"]
        }
        if bare.count == branches.count { return ["type": .array(bare)] }
        if branches.count == 2, branches[0] == ["type": "null"], let values = branches[1]["enum"]?.arrayValue
        {
            return ["enum": .array(values + [.null])]
        }
        return ["anyOf": .array(branches)]
    }

    /// Dates keep the shape of the text seen (fractional seconds or not, `Z` or an offset), so
    /// the fuzzer sends dates the old encoder could have written.
    private static func dateSchema(_ strings: [String]) -> JSONValue {
        guard strings.allSatisfy(isDateTime) else { return ["enum": .array(strings.map(JSONValue.string))] }
        let shapes = Set(strings.map(textShape))
        let pattern = "^(?:" + shapes.sorted().joined(separator: "|") + ")$"
        return ["type": "string", "format": "date-time", "pattern": .string(pattern)]
    }

    /// A pattern for text of the same layout: each run of digits becomes `[0-9]{n}`.
    private static func textShape(_ text: String) -> String {
        var result = ""
        var digits = 0
        func flush() {
            if digits > 0 { result += "[0-9]{\(digits)}" }
            digits = 0
        }
        for character in text {
            if character.isASCII, character.isNumber {
                digits += 1
                continue
            }
            flush()
            result += "+*?.()[]{}|^$\\".contains(character) ? "\\\(character)" : String(character)
        }
        flush()
        return result
    }

    static let base64Pattern = "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$"

    private static func isDateTime(_ text: String) -> Bool {
        let formatter = ISO8601DateFormatter()
        if formatter.date(from: text) != nil { return true }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text) != nil
    }

    /// `open`, `inProgress`, `in_progress`: how Swift enum cases are usually spelled.
    private static func looksLikeCase(_ text: String) -> Bool {
        guard let first = text.first, first.isLowercase, first.isASCII, text.count <= 40 else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }
}
