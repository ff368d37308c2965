extension Mutation {
    /// `: required "name" is missing` at the root, ` at /items/0: -1 breaks minimum 0` below it: the
    /// damage in words, to follow a noun such as "body", without the kind's identifier.
    public var summary: String {
        let prefix = "\(pointer.displayText): "
        let detail = description.hasPrefix(prefix) ? String(description.dropFirst(prefix.count)) : description
        return pointer.tokens.isEmpty ? ": \(detail)" : " at \(pointer.displayText): \(detail)"
    }
}

extension Mutation.Kind {
    /// The kind in words, shown after a finding's detail and used to report each kind once.
    public var label: String {
        switch self {
        case .wrongType: return "wrong type"
        case .missingRequired: return "missing required key"
        case .nullNotAllowed: return "null not allowed"
        case .unknownKey: return "unknown key"
        case .outOfRange: return "out of range"
        case .notMultipleOf: return "not a multiple"
        case .notInteger: return "not an integer"
        case .tooShort: return "too short"
        case .tooLong: return "too long"
        case .patternMismatch: return "pattern mismatch"
        case .enumViolation: return "not an allowed value"
        case .constViolation: return "not the constant"
        case .duplicateItems: return "duplicate items"
        case .tooFewItems: return "too few items"
        case .tooManyItems: return "too many items"
        case .tooFewProperties: return "too few properties"
        case .tooManyProperties: return "too many properties"
        case .formatViolation: return "format violation"
        }
    }
}
