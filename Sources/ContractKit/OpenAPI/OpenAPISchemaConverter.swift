import JSONSchema

/// Rewrites OpenAPI Schema Objects into JSON Schema 2020-12, the dialect contracts use.
///
/// OpenAPI 3.0 schemas are a dialect of their own: `nullable`, boolean `exclusiveMinimum` and
/// `exclusiveMaximum`, and a singular `example` become their 2020-12 forms. OpenAPI 3.1 schemas are
/// already 2020-12 and only have their references rewritten. Every `#/components/schemas/X`
/// reference becomes `#/schemas/X`, so recursive schemas stay references instead of being
/// expanded; other same-document references are inlined. `x-` extensions stay as annotations.
struct OpenAPISchemaConverter {
    enum Dialect {
        case openAPI30
        case openAPI31
    }

    let document: JSONValue
    let dialect: Dialect

    private static let componentPrefix = "#/components/schemas/"

    /// What a keyword holds, as far as converting it goes.
    private enum KeywordKind {
        case reference, xml, type
        case singleSchema, schemaMap, schemaArray
    }

    /// Every keyword the converter treats apart, found with one hash per member (a schema's members
    /// are mostly annotations and assertions, which would miss three sets in turn).
    private static let keywordKinds: [String: KeywordKind] = {
        var kinds: [String: KeywordKind] = ["$ref": .reference, "xml": .xml, "type": .type]
        for keyword in [
            "items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else",
            "unevaluatedItems", "unevaluatedProperties", "additionalItems", "contentSchema",
        ] {
            kinds[keyword] = .singleSchema
        }
        for keyword in ["properties", "patternProperties", "dependentSchemas", "$defs", "definitions"] {
            kinds[keyword] = .schemaMap
        }
        for keyword in ["allOf", "anyOf", "oneOf", "prefixItems"] { kinds[keyword] = .schemaArray }
        return kinds
    }()
    /// Keywords beside a `$ref` that change nothing a value is checked against.
    private static let annotations: Set<String> = [
        "$ref", "description", "title", "example", "examples", "readOnly", "writeOnly", "deprecated",
        "externalDocs", "discriminator", "xml", "default", "summary",
    ]

    /// The 2020-12 form of the schema at `pointer` (a pointer into the OpenAPI document, for warnings).
    func convert(_ schema: JSONValue, at pointer: JSONPointer, log: inout OpenAPIWarningLog) -> JSONValue {
        convert(schema, at: pointer, inlining: [], log: &log)
    }

    private func convert(
        _ schema: JSONValue, at pointer: JSONPointer, inlining: Set<JSONPointer>, log: inout OpenAPIWarningLog
    ) -> JSONValue {
        guard case .object(let object) = schema else { return schema }
        if dialect == .openAPI30, object["$ref"]?.stringValue != nil {
            let siblings = object.keys.filter { !Self.annotations.contains($0) && !$0.hasPrefix("x-") }
            if !siblings.isEmpty {
                log.warn(
                    "OpenAPI 3.0 ignores keywords beside \"$ref\" (\(siblings.map { "\"\($0)\"" }.joined(separator: ", "))); they are applied as well, as their author meant",
                    at: pointer.appending("$ref"))
            }
        }
        if case .string(let reference)? = object["$ref"],
            let inlined = inline(reference, siblings: object, at: pointer, inlining: inlining, log: &log)
        {
            return inlined
        }
        var result = JSONObject()
        result.reserveCapacity(object.count)
        for member in object.members {
            // Built only where a member is converted or warned about, not for every annotation.
            var here: JSONPointer { pointer.appending(member.key) }
            let key = member.key
            let kind = Self.keywordKinds[key]
            if kind == nil, key.hasPrefix("x-") {
                // Extensions are someone else's data: not carried over, so a `$ref` inside one is
                // neither rewritten nor checked.
                continue
            } else if kind == .reference {
                if let reference = member.value.stringValue,
                    let rewritten = rewrite(reference, at: here, log: &log)
                {
                    result[key] = .string(rewritten)
                }
            } else if kind == .xml {
                log.warn("XML object is not mapped (Conform checks JSON bodies)", at: here)
            } else if key == "items", case .array(let elements) = member.value {
                result["prefixItems"] = .array(convertEach(elements, at: here, inlining: inlining, log: &log))
            } else if kind == .singleSchema {
                result[key] = convert(member.value, at: here, inlining: inlining, log: &log)
            } else if kind == .schemaMap, case .object(let written) = member.value {
                let (map, mapPointer) = referencedMap(written, keyword: key, at: here, log: &log)
                var converted = JSONObject()
                converted.reserveCapacity(map.count)
                for entry in map.members {
                    converted[entry.key] = convert(
                        entry.value, at: mapPointer.appending(entry.key), inlining: inlining, log: &log)
                }
                result[key] = .object(converted)
            } else if kind == .schemaArray, case .array(let elements) = member.value {
                result[key] = .array(convertEach(elements, at: here, inlining: inlining, log: &log))
            } else if kind == .type, let reading = SchemaTypeAlias.reading(member.value) {
                result[key] = reading.type
                let addsFormat = reading.format != nil && object["format"] == nil
                if addsFormat, let format = reading.format { result["format"] = .string(format) }
                log.slip(SchemaTypeAlias.message(reading, addedFormat: addsFormat), at: here)
            } else {
                // An unknown keyword is an annotation, but its component references are rewritten
                // too, so a map of schemas read through `"properties": {"$ref": …}` still resolves.
                result[key] = Self.rewritingComponentReferences(member.value)
            }
        }
        return finish(result, original: object, at: pointer, log: &log)
    }

    /// A map of schemas written as a reference (`"properties": {"$ref": "#/components/schemas/PetFields"}`):
    /// JSON Reference semantics, the reference stands for the whole object it names, as its author
    /// meant, and not for a property called `$ref`. Other maps are returned as they are.
    private func referencedMap(
        _ map: JSONObject, keyword: String, at pointer: JSONPointer, log: inout OpenAPIWarningLog
    ) -> (JSONObject, JSONPointer) {
        guard case .string(let reference)? = map["$ref"], map.count == 1 else { return (map, pointer) }
        guard let target = OpenAPIReferences.localPointer(reference),
            case .object(let referenced)? = target.resolve(in: document)
        else {
            log.slip(
                "\"\(keyword)\" is a $ref to \"\(reference)\", which names no object of this document; the map is left empty",
                at: pointer.appending("$ref"))
            return (JSONObject(), pointer)
        }
        log.slip(
            "\"\(keyword)\" is a $ref to \"\(reference)\"; as a JSON Reference it stands for the whole map it names, which is read in its place",
            at: pointer.appending("$ref"))
        return (referenced, target)
    }

    private func convertEach(
        _ elements: [JSONValue], at pointer: JSONPointer, inlining: Set<JSONPointer>,
        log: inout OpenAPIWarningLog
    ) -> [JSONValue] {
        elements.enumerated().map { convert($1, at: pointer.appending($0), inlining: inlining, log: &log) }
    }

    /// `#/components/schemas/X…` → `#/schemas/X…`; anchors and other fragments are kept; external
    /// references are dropped with a warning (the schema then accepts anything there).
    private func rewrite(_ reference: String, at pointer: JSONPointer, log: inout OpenAPIWarningLog)
        -> String?
    {
        if reference.hasPrefix(Self.componentPrefix) {
            return "#/schemas/" + reference.dropFirst(Self.componentPrefix.count)
        }
        if reference.hasPrefix("#") { return reference }
        log.warn(
            "external $ref \"\(reference)\" is not followed (Conform reads one document); the schema accepts any value here",
            at: pointer)
        return nil
    }

    /// `value` with every `$ref` to `#/components/schemas/…` inside it pointing at `#/schemas/…`.
    private static func rewritingComponentReferences(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            return .object(
                JSONObject(
                    object.members.map { member in
                        if member.key == "$ref", case .string(let reference) = member.value,
                            reference.hasPrefix(componentPrefix)
                        {
                            return (
                                member.key, .string("#/schemas/" + reference.dropFirst(componentPrefix.count))
                            )
                        }
                        return (member.key, rewritingComponentReferences(member.value))
                    }))
        case .array(let elements): return .array(elements.map(rewritingComponentReferences))
        default: return value
        }
    }

    /// A same-document reference outside `components/schemas` (`#/components/parameters/p/schema`)
    /// is replaced by the converted target, with its siblings kept beside it in an `allOf`.
    private func inline(
        _ reference: String, siblings: JSONObject, at pointer: JSONPointer, inlining: Set<JSONPointer>,
        log: inout OpenAPIWarningLog
    ) -> JSONValue? {
        guard !reference.hasPrefix(Self.componentPrefix), reference.hasPrefix("#/"),
            let target = OpenAPIReferences.localPointer(reference),
            let resolved = target.resolve(in: document)
        else { return nil }
        guard !inlining.contains(target) else {
            log.warn(
                "$ref \"\(reference)\" refers to itself outside components/schemas and cannot be inlined; move the schema to components/schemas",
                at: pointer.appending("$ref"))
            return .object(JSONObject())
        }
        let converted = convert(resolved, at: target, inlining: inlining.union([target]), log: &log)
        var rest = siblings
        rest["$ref"] = nil
        guard !rest.isEmpty else { return converted }
        let others = convert(.object(rest), at: pointer, inlining: inlining, log: &log)
        return .object(JSONObject([("allOf", .array([converted, others]))]))
    }

    /// The keywords that change meaning between the dialects, applied after the subschemas.
    private func finish(
        _ converted: JSONObject, original: JSONObject, at pointer: JSONPointer, log: inout OpenAPIWarningLog
    ) -> JSONValue {
        var result = Self.boundingNumericFormat(converted)
        if let example = result["example"] {
            result["example"] = nil
            if case .array(let existing)? = result["examples"] {
                if !existing.contains(example) { result["examples"] = .array([example] + existing) }
            } else {
                result["examples"] = .array([example])
            }
        }
        guard dialect == .openAPI30 else { return .object(result) }
        for (flag, bound) in [("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")] {
            guard case .bool(let exclusive)? = original[flag] else { continue }
            guard exclusive else {
                result[flag] = nil
                continue
            }
            if let limit = result[bound] {
                result[flag] = limit
                result[bound] = nil
            } else {
                result[flag] = nil
                log.warn(
                    "\"\(flag)\": true without \"\(bound)\" has no bound to exclude; it is dropped",
                    at: pointer.appending(flag))
            }
        }
        guard let nullable = result["nullable"] else { return .object(result) }
        result["nullable"] = nil
        guard nullable == .bool(true) else {
            if nullable.boolValue == nil {
                log.warn(
                    "\"nullable\" must be true or false; it is dropped", at: pointer.appending("nullable"))
            }
            return .object(result)
        }
        return Self.allowingNull(result)
    }

    /// The ranges OpenAPI's numeric formats promise (`int32`, `int64`, `float`, `double`), as
    /// `minimum` and `maximum`, so responses are checked against them as OpenAPI users expect (Conform
    /// reads numbers exactly, so `1e20` in an `int64` field is caught); a tighter bound the schema
    /// already has is kept.
    static func boundingNumericFormat(_ schema: JSONObject) -> JSONObject {
        let bounds: (low: JSONNumber, high: JSONNumber)
        switch schema["format"]?.stringValue {
        case "int32": bounds = (JSONNumber(Int(Int32.min)), JSONNumber(Int(Int32.max)))
        case "int64": bounds = (JSONNumber(Int64.min), JSONNumber(Int64.max))
        case "double":
            bounds = (
                JSONNumber(floatLiteral: -Double.greatestFiniteMagnitude),
                JSONNumber(floatLiteral: Double.greatestFiniteMagnitude)
            )
        case "float":
            bounds = (
                JSONNumber(floatLiteral: -Double(Float.greatestFiniteMagnitude)),
                JSONNumber(floatLiteral: Double(Float.greatestFiniteMagnitude))
            )
        default: return schema
        }
        var result = schema
        if result["minimum"]?.numberValue.map({ $0 < bounds.low }) ?? true,
            result["exclusiveMinimum"]?.numberValue == nil
        {
            result["minimum"] = .number(bounds.low)
        }
        if result["maximum"]?.numberValue.map({ $0 > bounds.high }) ?? true,
            result["exclusiveMaximum"]?.numberValue == nil
        {
            result["maximum"] = .number(bounds.high)
        }
        return result
    }

    /// `nullable: true` in 2020-12: `"null"` added to `type` (and to `enum`), or an `anyOf` with
    /// `{"type": "null"}` when the schema has no `type`.
    static func allowingNull(_ schema: JSONObject) -> JSONValue {
        var result = schema
        switch result["type"] {
        case .string(let type)?:
            if type != "null" { result["type"] = .array([.string(type), .string("null")]) }
        case .array(let types)?:
            if !types.contains(.string("null")) { result["type"] = .array(types + [.string("null")]) }
        default:
            let null = JSONValue.object(JSONObject([("type", .string("null"))]))
            return .object(JSONObject([("anyOf", .array([.object(result), null]))]))
        }
        if case .array(let values)? = result["enum"], !values.contains(.null) {
            result["enum"] = .array(values + [.null])
        }
        return .object(result)
    }
}
