import JSONSchema

extension SchemaReader {
    /// The assertion and annotation keywords of one schema object, merged as a conjunction: the
    /// tighter bound, the intersection of types and enums, the union of `required`.
    func readKeywords(
        _ object: JSONObject, at pointer: JSONPointer, into view: inout SchemaView, null: inout Bool?
    ) {
        for member in object.members {
            let here = pointer.appending(member.key)
            if readValueKeyword(member.key, member.value, into: &view, null: &null) {
                view.keywordPointers[member.key] = view.keywordPointers[member.key] ?? here
            } else if readBoundKeyword(member.key, member.value, into: &view) {
                view.keywordPointers[member.key] = here
            } else if SchemaFact.plainKeywords[member.key] != nil
                || SchemaFact.entryKeywords[member.key] != nil,
                view.otherKeywords[member.key] == nil
            {
                view.otherKeywords[member.key] = member.value
                view.keywordPointers[member.key] = here
            }
        }
    }

    /// `type`, `enum`, `const`, `format`, `pattern`, `multipleOf`, `uniqueItems`, `required`, the
    /// access flags and `default`; false for any other key.
    private func readValueKeyword(
        _ key: String, _ value: JSONValue, into view: inout SchemaView, null: inout Bool?
    ) -> Bool {
        switch key {
        case "type": readType(value, into: &view, null: &null)
        case "enum": if case .array(let values) = value { readEnum(values, into: &view, null: &null) }
        case "const": readEnum([value], into: &view, null: &null)
        case "format": view.format = view.format ?? value.stringValue
        case "pattern": view.pattern = view.pattern ?? value.stringValue
        case "multipleOf": view.multipleOf = view.multipleOf ?? value.numberValue
        case "uniqueItems": view.uniqueItems = view.uniqueItems || value == .bool(true)
        case "required": view.required.formUnion(value.arrayValue?.compactMap(\.stringValue) ?? [])
        case "readOnly": view.readOnly = view.readOnly || value == .bool(true)
        case "writeOnly": view.writeOnly = view.writeOnly || value == .bool(true)
        case "default": view.defaultValue = view.defaultValue ?? value
        case "title": view.title = view.title ?? value.stringValue
        default: return false
        }
        return true
    }

    private func readType(_ value: JSONValue, into view: inout SchemaView, null: inout Bool?) {
        let names = value.stringValue.map { [$0] } ?? value.arrayValue?.compactMap(\.stringValue) ?? []
        guard !names.isEmpty else { return }
        let kinds = Set(names.flatMap(JSONKind.kinds(of:)))
        view.kinds = view.kinds.map { $0.intersection(kinds) } ?? kinds
        if !names.contains("null") {
            null = false
        } else if null == nil {
            null = true
        }
    }

    func readEnum(_ values: [JSONValue], into view: inout SchemaView, null: inout Bool?) {
        if !values.contains(.null) {
            null = false
        } else if null == nil {
            null = true
        }
        let plain = values.filter { !$0.isNull }
        view.enumValues = view.enumValues.map { existing in existing.filter(plain.contains) } ?? plain
    }

    /// The numeric bounds and the length and count bounds; false for any other key.
    private func readBoundKeyword(_ key: String, _ value: JSONValue, into view: inout SchemaView) -> Bool {
        guard let keyword = BoundKeyword(rawValue: key), let number = value.numberValue else { return false }
        switch keyword {
        case .minimum, .exclusiveMinimum:
            let bound = (value: number, exclusive: keyword == .exclusiveMinimum)
            if view.lower.map({ Self.isTighter(bound, than: $0, lower: true) }) ?? true { view.lower = bound }
        case .maximum, .exclusiveMaximum:
            let bound = (value: number, exclusive: keyword == .exclusiveMaximum)
            if view.upper.map({ Self.isTighter(bound, than: $0, lower: false) }) ?? true {
                view.upper = bound
            }
        default:
            if let existing = view.counts[keyword] {
                view.counts[keyword] = keyword.isLower ? max(existing, number) : min(existing, number)
            } else {
                view.counts[keyword] = number
            }
        }
        return true
    }

    /// Whether `bound` refuses more values than `other` on its side.
    static func isTighter(
        _ bound: (value: JSONNumber, exclusive: Bool), than other: (value: JSONNumber, exclusive: Bool),
        lower: Bool
    ) -> Bool {
        if bound.value == other.value { return bound.exclusive && !other.exclusive }
        return lower ? bound.value > other.value : bound.value < other.value
    }

    /// `properties`, `items`, `prefixItems` and a schema-valued `additionalProperties`: kept as
    /// parts to compare later.
    func readStructure(_ object: JSONObject, at pointer: JSONPointer, into view: inout SchemaView) {
        if case .object(let properties)? = object["properties"] {
            for member in properties.members {
                let part = SchemaPart(
                    value: member.value, pointer: pointer.appending("properties").appending(member.key))
                if view.properties[member.key] == nil { view.propertyOrder.append(member.key) }
                view.properties[member.key, default: []].append(part)
            }
        }
        if let items = object["items"] {
            view.items = (view.items ?? []) + [SchemaPart(value: items, pointer: pointer.appending("items"))]
        }
        if case .array(let prefix)? = object["prefixItems"], view.prefixItems.isEmpty {
            view.prefixItems = prefix.enumerated().map { index, element in
                [SchemaPart(value: element, pointer: pointer.appending("prefixItems").appending(index))]
            }
            view.keywordPointers["prefixItems"] = pointer.appending("prefixItems")
        }
        if object["additionalProperties"] == .bool(false) { view.refusesOtherProperties = true }
        if let additional = object["additionalProperties"], additional.objectValue != nil {
            let part = SchemaPart(value: additional, pointer: pointer.appending("additionalProperties"))
            view.additionalProperties = (view.additionalProperties ?? []) + [part]
        }
    }

    /// The loader writes the ranges of OpenAPI's numeric formats (`int32`, `int64`, `float`,
    /// `double`) as bounds; they are the format, not a bound someone chose, so they are compared as
    /// the format.
    static func dropImpliedBounds(_ view: inout SchemaView) {
        let limits: (low: JSONNumber, high: JSONNumber)
        switch view.format {
        case "int32": limits = (JSONNumber(Int(Int32.min)), JSONNumber(Int(Int32.max)))
        case "int64": limits = (JSONNumber(Int64.min), JSONNumber(Int64.max))
        case "float":
            let largest = Double(Float.greatestFiniteMagnitude)
            limits = (JSONNumber(floatLiteral: -largest), JSONNumber(floatLiteral: largest))
        case "double":
            let largest = Double.greatestFiniteMagnitude
            limits = (JSONNumber(floatLiteral: -largest), JSONNumber(floatLiteral: largest))
        default: return
        }
        if let lower = view.lower, !lower.exclusive, lower.value == limits.low { view.lower = nil }
        if let upper = view.upper, !upper.exclusive, upper.value == limits.high { view.upper = nil }
    }
}
