import JSONSchema

/// The JSON Schema of the contract format, so editors can check a contract as it is typed and the
/// loader can report shape errors the decoder has no dedicated message for.
///
/// Rendered from ``ContractShape``, the one declaration of the format; `docs/contract-format.schema.json`
/// is ``text``, byte for byte (a test keeps the two identical and rewrites the file on request).
enum ContractFormatSchema {
    /// The compiled schema, built once; nil only if the declaration were broken, which the tests rule out.
    static let compiled: Schema? = try? Schema(document, baseURI: id)

    /// The format's published id (the schema's `$id`), one of the `$schema` values a contract may carry.
    static let id = "urn:conform:contract-format:1"

    /// Whether `value`, a contract's `$schema`, names this format: its id, or a path or URL whose
    /// last component is `contract-format.schema.json` (`../docs/contract-format.schema.json`, a raw
    /// file URL), which is what editors need to validate and complete a contract as it is typed.
    static func isFormatReference(_ value: String) -> Bool {
        if value == id { return true }
        let withoutFragment = value.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            .first
        return withoutFragment.map { $0.hasSuffix("contract-format.schema.json") } ?? false
    }

    /// The contract document as schemas inside it resolve: without the root `$schema`.
    ///
    /// The root of a contract is not a JSON Schema, but it is the resource every `#/schemas/...`
    /// reference resolves against, so a root `$schema` naming the contract format would be read as
    /// the meta-schema of every schema in the contract (and rejected as unknown). The key is for
    /// editors only, so the loader drops it once it has been checked.
    static func removingDeclaration(from document: JSONValue) -> JSONValue {
        guard case .object(var object) = document, object["$schema"] != nil else { return document }
        object["$schema"] = nil
        return .object(object)
    }

    /// A warning when the contract's `$schema` names something other than this format.
    static func declarationProblems(in document: JSONValue) -> [ContractProblem] {
        guard let declared = document["$schema"]?.stringValue, !isFormatReference(declared) else { return [] }
        return [
            ContractProblem(
                "\"$schema\" is \"\(declared)\", which is not the contract format; use \"\(id)\" or a path to docs/contract-format.schema.json",
                at: JSONPointer(tokens: ["$schema"]), severity: .warning)
        ]
    }

    /// The format schema: the contract format as ``ContractShape`` declares it, as JSON Schema.
    static let document: JSONValue = {
        let header: JSONValue = [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": .string(id),
            "title": "Conform contract, format version 1",
            "description":
                "The shape of a Conform contract file, as ContractDecoder reads it. Keys starting with x- are extensions and are ignored wherever an object has a fixed set of keys.",
            "$comment":
                "Schemas inside a contract (schemas/*, and the schema of parameters, requests, responses and headers) are typed as {\"type\": [\"object\", \"boolean\"]}, not as a $ref to the 2020-12 meta-schema. The embedded meta-schemas would resolve offline, but the contract linter already validates every such schema against the meta-schema and compiles it, with messages and positions inside the schema; referencing it here would report each of those errors a second time.",
        ]
        var object = header.objectValue ?? JSONObject()
        for member in ContractShape.root.schema.objectValue?.members ?? [] {
            object[member.key] = member.value
        }
        object["$defs"] = .object(
            JSONObject(ContractShape.definitions.map { (key: $0.name, value: $0.schema) }))
        return .object(object)
    }()

    /// The format schema's text, as shipped in `docs/contract-format.schema.json`: a test fails when
    /// the file differs, and rewrites it when `CONFORM_RECORD_GOLDEN=1` asks.
    static var text: String { JSONLayout().text(document) }
}
