import JSONSchema

/// Reads the members of one JSON object of a contract as its ``ObjectShape`` declares them,
/// recording a problem for every required member missing, every member of the wrong kind and, at
/// the end, every member it does not know (with a did-you-mean).
struct ObjectReader {
    let object: JSONObject
    let pointer: JSONPointer
    let shape: ObjectShape
    #if DEBUG
        /// The members read, for the assertion that every declared member is read; release builds
        /// skip the bookkeeping (a set insertion per member of a 3 MB description).
        private var consumed: Set<String> = []
    #endif

    init?(_ value: JSONValue, as shape: ObjectShape, at pointer: JSONPointer, log: inout ProblemLog) {
        guard case .object(let object) = value else {
            log.error("\(shape.what) must be an object, found \(Self.describe(value))", at: pointer)
            return nil
        }
        self.object = object
        self.pointer = pointer
        self.shape = shape
    }

    /// The member `key` as it is, for the decoder's own judgement; a problem when a required
    /// member is missing.
    mutating func value(_ key: String, log: inout ProblemLog) -> JSONValue? {
        #if DEBUG
            consumed.insert(key)
        #endif
        assert(shape.member(key) != nil, "\(shape.what) declares no member \"\(key)\"")
        guard let value = object[key] else {
            if let member = shape.member(key), member.isRequired {
                let hint = member.missingHint.map { " (\($0))" } ?? ""
                log.error("missing required key \"\(key)\"\(hint)", at: pointer)
            }
            return nil
        }
        return value
    }

    mutating func string(_ key: String, log: inout ProblemLog) -> String? {
        checked(key, .string, log: &log)?.stringValue
    }

    mutating func bool(_ key: String, log: inout ProblemLog) -> Bool? {
        guard case .bool(let flag)? = checked(key, .boolean, log: &log) else { return nil }
        return flag
    }

    mutating func int(_ key: String, log: inout ProblemLog) -> Int? {
        checked(key, .integer, log: &log)?.intValue
    }

    mutating func stringArray(_ key: String, log: inout ProblemLog) -> [String]? {
        checked(key, .strings, log: &log)?.arrayValue?.compactMap(\.stringValue)
    }

    mutating func object(_ key: String, log: inout ProblemLog) -> JSONObject? {
        checked(key, .object, log: &log)?.objectValue
    }

    mutating func array(_ key: String, log: inout ProblemLog) -> [JSONValue]? {
        checked(key, .array, log: &log)?.arrayValue
    }

    /// The member `key` when it is of the kind its shape declares (which the caller reads it as);
    /// else nil, with a problem saying what was expected.
    private mutating func checked(_ key: String, _ kind: ValueShape.Kind, log: inout ProblemLog) -> JSONValue?
    {
        assert(
            (shape.member(key)?.value.kind ?? kind) == kind,
            "\"\(key)\" of \(shape.what) is declared \(shape.member(key)?.value.kind ?? kind), read as \(kind)"
        )
        guard let value = value(key, log: &log) else { return nil }
        guard kind.admits(value) else {
            log.error(
                "\"\(key)\" must be \(kind.expectation), found \(Self.describe(value))",
                at: pointer.appending(key))
            return nil
        }
        return value
    }

    /// Reports the members the shape does not declare, as unknown keys, suggesting the nearest
    /// declared one.
    func reportUnknownKeys(log: inout ProblemLog) {
        let known = shape.names
        #if DEBUG
            assert(
                known.allSatisfy { object[$0] == nil || consumed.contains($0) },
                "\(shape.what): a declared member was never read")
        #endif
        for key in object.keys where !known.contains(key) && !(shape.allowsExtensions && key.hasPrefix("x-"))
        {
            var message = "unknown key \"\(key)\" in \(shape.within ?? shape.what)"
            if let suggestion = Suggestion.closest(to: key, in: known) {
                message += "; did you mean \"\(suggestion)\"?"
            } else {
                message += " (known keys: \(known.sorted().joined(separator: ", ")))"
            }
            log.error(message, at: pointer.appending(key))
        }
    }

    /// A short description of a value for messages: its type and, when small, the value itself.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return "boolean \(flag)"
        case .number(let number): return "number \(number)"
        case .string(let text):
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return "string \"\(shown)\""
        case .array(let elements): return "an array of \(elements.count)"
        case .object: return "an object"
        }
    }
}
