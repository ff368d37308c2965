extension SchemaFact {
    /// What a response change does to a plain Swift `Codable` model written for the old contract,
    /// and whether such a model cannot absorb it (then `--clients codable` makes it an error).
    var codableEffect: (text: String, breaksModel: Bool) {
        switch self {
        case .constChanged(_, let value):
            return ("a `Codable` enum or check of the old value throws on \(value.compactText)", true)
        case .enumValueAdded(let value):
            return ("a `Codable` enum with the old cases throws on \(value.compactText)", true)
        case .becameNotEnum:
            return ("a `Codable` enum with the old cases throws on the first value it does not know", true)
        case .becameNullable:
            return ("a non-optional property throws `DecodingError.valueNotFound` on null", true)
        case .format(let old?, let new, _) where new != old:
            return Self.formatEffect(old)
        case .type(_, _, let effect) where effect != .narrows:
            return ("a property of the old type throws `DecodingError.typeMismatch`", true)
        case .becameOptional, .propertyRemoved(true):
            return ("a non-optional property throws `DecodingError.keyNotFound` when the key is absent", true)
        case .propertyRemoved(false):
            return (
                "the optional property decodes as nil: nothing throws, but what it showed goes blank", false
            )
        case .propertyAdded: return ("`Codable` ignores a key the model does not declare", false)
        case .alternativeAdded:
            return (
                "a model of the old shape throws `typeMismatch` or `keyNotFound` on the new alternative", true
            )
        case .bound, .pattern, .multipleOf, .uniqueItems:
            return (
                "`Codable` does not check it: nothing throws, but values the app never saw reach it", false
            )
        default: return ("nothing changes for a `Codable` model", false)
        }
    }

    /// A dropped or changed format breaks the Swift type a model decodes it into.
    private static func formatEffect(_ old: String) -> (text: String, breaksModel: Bool) {
        switch old {
        case "date-time", "date":
            return ("a `Date` decoded with the `.iso8601` strategy throws on text that is not a \(old)", true)
        case "uuid":
            return ("a `UUID` property throws `DecodingError.dataCorrupted` on text that is not a UUID", true)
        case "uri", "url":
            return ("a `URL` property throws `DecodingError.dataCorrupted` on text that is not a URL", true)
        case "int32", "int64":
            return (
                "an `\(old == "int32" ? "Int32" : "Int64")` property throws on numbers outside its range",
                true
            )
        default: return ("`Codable` does not check the format: nothing throws", false)
        }
    }
}
