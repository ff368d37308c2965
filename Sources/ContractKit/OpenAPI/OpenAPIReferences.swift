import Foundation
import JSONSchema

/// Follows the Reference Objects of an OpenAPI document (`{"$ref": "#/components/parameters/limit"}`)
/// to the objects they name, so parameters, responses, headers, request bodies, examples and links
/// defined once under `components` are inlined where they are used.
struct OpenAPIReferences {
    /// A followed reference: the object and where it stands in the document.
    struct Target {
        var value: JSONValue
        var pointer: JSONPointer
    }

    let document: JSONValue

    /// Chains longer than this are taken for cycles.
    private static let maximumHops = 32

    /// The object `value` names when it is a Reference Object, else `value` itself. External and
    /// dangling references leave a warning and give nil, so the caller skips the part.
    func resolve(_ value: JSONValue, at pointer: JSONPointer, log: inout OpenAPIWarningLog) -> Target? {
        var current = Target(value: value, pointer: pointer)
        for _ in 0..<Self.maximumHops {
            guard case .string(let reference)? = current.value.objectValue?["$ref"] else { return current }
            guard let target = Self.localPointer(reference) else {
                log.warn(
                    "external $ref \"\(reference)\" is not followed (Conform reads one document); this part is skipped",
                    at: current.pointer.appending("$ref"))
                return nil
            }
            guard let resolved = target.resolve(in: document) else {
                log.warn(
                    "$ref \"\(reference)\" points at nothing in this document; this part is skipped",
                    at: current.pointer.appending("$ref"))
                return nil
            }
            current = Target(value: resolved, pointer: target)
        }
        log.warn("$ref chain does not end (a cycle); this part is skipped", at: pointer.appending("$ref"))
        return nil
    }

    /// The pointer of a same-document reference (`#/components/schemas/Pet`), or nil for an external
    /// one (`other.json#/Pet`, `https://…`).
    static func localPointer(_ reference: String) -> JSONPointer? {
        guard reference.hasPrefix("#") else { return nil }
        let fragment = String(reference.dropFirst())
        // Most references have no escape: Foundation's decoding is skipped for them.
        guard fragment.utf8.contains(UInt8(ascii: "%")) else { return JSONPointer(fragment) }
        return JSONPointer(fragment.removingPercentEncoding ?? fragment)
    }

    /// The first value of an `examples` map (`{"name": {"value": …}}`), with its name; references
    /// to `components.examples` are followed and `externalValue` leaves a warning.
    func firstExample(in examples: JSONValue?, at pointer: JSONPointer, log: inout OpenAPIWarningLog)
        -> (name: String, value: JSONValue)?
    {
        guard case .object(let object)? = examples else { return nil }
        for member in object.members {
            let memberPointer = pointer.appending(member.key)
            guard let target = resolve(member.value, at: memberPointer, log: &log) else { continue }
            if let value = target.value["value"] { return (member.key, value) }
            if target.value["externalValue"] != nil {
                log.warn(
                    "example \"\(member.key)\" has only an \"externalValue\", which is not fetched",
                    at: target.pointer.appending("externalValue"))
            }
        }
        return nil
    }
}
