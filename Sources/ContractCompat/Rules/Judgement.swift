import JSONSchema

/// The verdict on one schema fact in one place: its rule id, its level for the clients judged for,
/// the sentence that reports it, and its effect on a `Codable` model.
struct Judgement: Sendable, Hashable {
    var rule: String
    var level: CompatLevel
    var message: String
    var codableEffect: String?
    /// What the schema is at its place, for a sentence: "the response property `owner/name` for
    /// status 200".
    var subject: String
    /// What happened to it: "had its maxLength lowered from 20 to 10".
    var predicate: String
    /// The sentence at the named schema the change is in, for a change many operations share.
    var sharedMessage: String?
    /// Who breaks and how: the sentence's second half.
    var consequence: String

    /// What a verdict depends on besides the words of the place: the fact where it stands, the
    /// kind of place, and the flags the levels read. Two deltas with one key get one verdict.
    struct Key: Hashable {
        var fact: SchemaFact
        var old: JSONPointer?
        var new: JSONPointer?
        var prefix: String
        var direction: CompatDirection
        var optionalParameter: Bool
        var responseHeader: Bool
        var topLevel: Bool
        var readOnly: Bool
        var writeOnly: Bool
        var hasDefault: Bool
        var clients: CompatClients

        init(_ delta: SchemaDelta, in subject: SchemaSubject, clients: CompatClients) {
            fact = delta.fact
            old = delta.old
            new = delta.new
            prefix = subject.idPrefix(nested: !delta.path.isEmpty)
            direction = subject.direction
            optionalParameter = subject.isOptionalParameter
            responseHeader = subject.isResponseHeader
            topLevel = delta.path.isEmpty
            readOnly = delta.underReadOnly
            writeOnly = delta.underWriteOnly
            hasDefault = delta.hasDefault
            self.clients = clients
        }
    }

    init(_ delta: SchemaDelta, in subject: SchemaSubject, clients: CompatClients) {
        let direction = subject.direction
        rule = Self.ruleID(delta.fact, in: subject, nested: !delta.path.isEmpty)
        var level = Self.level(of: delta, in: subject)
        if direction == .response {
            let effect = delta.fact.codableEffect
            codableEffect = effect.text
            if clients == .codable, effect.breaksModel, !delta.underWriteOnly { level = .error }
        }
        self.level = level
        let predicate = delta.fact.predicate
        let consequence = delta.fact.consequence(in: direction, level: level)
        self.predicate = predicate
        self.consequence = consequence
        sharedMessage = Self.schemaPhrase(delta).map { $0 + " " + predicate + "; " + consequence }
        self.subject = ""
        message = ""
        word(delta, in: subject)
    }

    /// Words the verdict for one place: its subject and its sentence.
    mutating func word(_ delta: SchemaDelta, in place: SchemaSubject) {
        var described = place.describe(delta.path)
        var sentence = described + " " + predicate
        if let context = place.context {
            sentence += " " + context
            described += " " + context
        }
        subject = described
        message = sentence + "; " + consequence
    }

    /// The rule id of `fact` at `subject`: the established ids for properties added and removed,
    /// else `<subject>-<fact>` (`request-parameter-max-decreased`).
    static func ruleID(_ fact: SchemaFact, in subject: SchemaSubject, nested: Bool) -> String {
        let prefix = subject.idPrefix(nested: nested)
        switch fact {
        case .unresolvedReference: return "description-part-unreadable"
        case .propertyAdded(let required):
            let word = required ? "required" : "optional"
            if subject.direction == .response { return "response-\(word)-property-added" }
            return "new-\(word)-\(prefix)"
        case .propertyRemoved(let required):
            if subject.direction == .response {
                return "response-\(required ? "required" : "optional")-property-removed"
            }
            return "\(prefix)-removed"
        default:
            return "\(prefix)-\(fact.idSuffix(in: subject.direction))"
        }
    }

    /// The catalogue's level: from the effect and the direction, with the catalogue's exceptions
    /// and what clients feel: a new value in a response enum is a warning (clients written for
    /// growth absorb it), an `anyOf` alternative added to a response and a pattern dropped from one
    /// are information (clients do not check them), a parameter's default is part of what old
    /// requests mean (unless it is required), a new requirement with a default asks nothing of old
    /// clients, a parameter's first `maxLength` may break, a response header is text (an old client reading a string reads a number),
    /// and nothing under a `readOnly` property matters in a request, nor under a `writeOnly` one in
    /// a response.
    static func level(of delta: SchemaDelta, in subject: SchemaSubject) -> CompatLevel {
        let direction = subject.direction
        if direction == .request && delta.underReadOnly { return .info }
        if direction == .response && delta.underWriteOnly { return .info }
        switch delta.fact {
        case .propertyRemoved where direction == .request:
            // A server that refuses unknown properties rejects old clients that still send it.
            return .warning
        case .enumValueAdded, .becameNotEnum:
            return direction == .response ? .warning : .info
        case .alternativeAdded(.anyOf, _) where direction == .response: return .info
        case .pattern(_?, nil) where direction == .response: return .info
        case .defaultValue where delta.path.isEmpty && subject.isOptionalParameter:
            // Old clients that leave the parameter out meant the old default.
            return .error
        case .propertyAdded(true), .becameRequired:
            // A server fills in a default for what old clients leave out.
            return direction == .request && delta.hasDefault ? .info : delta.fact.effect.level(in: direction)
        case .bound(.maxLength, .set) where delta.path.isEmpty && subject.isParameter:
            // Servers already limit what a parameter may carry: a declared limit may not refuse
            // anything old clients send (the catalogue's earlier level).
            return .warning
        case .type(let old, let new, _) where subject.isResponseHeader:
            let words = { (text: String) in Set(text.components(separatedBy: " or ")) }
            if words(old).contains("string") && !words(new).contains("string") { return .info }
            return delta.fact.effect.level(in: direction)
        default: return delta.fact.effect.level(in: direction)
        }
    }

    /// "the property `owner/name` of the schema `Pet`" for a change inside the named schema `Pet`
    /// of the contract document: the part of the delta's path that lies inside that schema, found
    /// by counting the steps its place takes below the schema's name. Nil outside named schemas.
    static func schemaPhrase(_ delta: SchemaDelta) -> String? {
        guard let tokens = (delta.new ?? delta.old)?.tokens, tokens.count >= 2, tokens[0] == "schemas"
        else { return nil }
        var steps = 0
        var index = 2
        while index < tokens.count {
            switch tokens[index] {
            case "properties", "prefixItems":
                steps += 1
                index += 2
            case "oneOf", "anyOf":
                // An alternative added or removed is placed at it, but said of the schema above.
                if index + 2 < tokens.count { steps += 1 }
                index += 2
            case "items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames",
                "unevaluatedItems", "unevaluatedProperties", "contentSchema":
                steps += 1
                index += 1
            case "allOf":
                index += 2
            default:
                index = tokens.count
            }
        }
        switch delta.fact {
        case .becameRequired, .becameOptional, .readOnly, .writeOnly:
            // Placed at `required` (or the property), about the property one step below.
            if tokens.last == "required" { steps += 1 }
        default: break
        }
        let name = "the schema `\(SchemaReader.baseName(tokens[1]))`"
        guard steps > 0, steps <= delta.path.count else { return name }
        return "the property `\(delta.path.suffix(steps).joined(separator: "/"))` of \(name)"
    }
}
