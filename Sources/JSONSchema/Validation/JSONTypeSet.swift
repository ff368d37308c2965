/// The set of JSON types a `type` keyword allows, as a bit set.
struct JSONTypeSet: OptionSet, Sendable {
    let rawValue: UInt8
    static let null = JSONTypeSet(rawValue: 1)
    static let boolean = JSONTypeSet(rawValue: 2)
    static let object = JSONTypeSet(rawValue: 4)
    static let array = JSONTypeSet(rawValue: 8)
    static let number = JSONTypeSet(rawValue: 16)
    static let string = JSONTypeSet(rawValue: 32)
    static let integer = JSONTypeSet(rawValue: 64)

    static let names: [(String, JSONTypeSet)] = [
        ("null", .null), ("boolean", .boolean), ("object", .object), ("array", .array),
        ("number", .number), ("string", .string), ("integer", .integer),
    ]

    init(rawValue: UInt8) { self.rawValue = rawValue }

    init?(name: String) {
        guard let match = Self.names.first(where: { $0.0 == name }) else { return nil }
        self = match.1
    }

    func allows(_ value: JSONValue) -> Bool {
        switch value {
        case .null: return contains(.null)
        case .bool: return contains(.boolean)
        case .object: return contains(.object)
        case .array: return contains(.array)
        case .string: return contains(.string)
        case .number(let number): return contains(.number) || (contains(.integer) && number.isInteger)
        }
    }

    /// "string or null", in the order of `names`.
    var text: String {
        let parts = Self.names.filter { contains($0.1) }.map(\.0)
        if parts.count <= 2 { return parts.joined(separator: " or ") }
        return parts.dropLast().joined(separator: ", ") + " or " + (parts.last ?? "")
    }
}

extension JSONValue {
    /// Whether this value has one of the types `type` names, read as the `type` keyword reads it (a
    /// name or an array of names; an integral number is an `integer`): the mutator's test for a
    /// value that breaks a schema's type.
    package func matchesType(_ type: JSONValue) -> Bool {
        let names: [JSONValue]
        switch type {
        case .array(let elements): names = elements
        default: names = [type]
        }
        return names.contains { name in
            guard case .string(let text) = name, let set = JSONTypeSet(name: text) else { return false }
            return set.allows(self)
        }
    }
}
