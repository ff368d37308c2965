/// The verdict on one schema fact in one place: its rule id, its level for the clients judged for,
/// the sentence that reports it, and its effect on a `Codable` model.
struct Judgement: Sendable, Hashable {
    var rule: String
    var level: CompatLevel
    var message: String
    var codableEffect: String?

    init(_ delta: SchemaDelta, in subject: SchemaSubject, clients: CompatClients) {
        let direction = subject.direction
        rule = Self.ruleID(delta.fact, in: subject, nested: !delta.path.isEmpty)
        var level = Self.level(of: delta, in: direction)
        if direction == .response {
            let effect = delta.fact.codableEffect
            codableEffect = effect.text
            if clients == .codable, effect.breaksModel, !delta.underWriteOnly { level = .error }
        }
        self.level = level
        var sentence = subject.describe(delta.path) + " " + delta.fact.predicate
        if let context = subject.context { sentence += " " + context }
        message = sentence + "; " + delta.fact.consequence(in: direction, level: level)
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

    /// The catalogue's level: from the effect and the direction, except that a new value in a
    /// response enum is a warning (clients written for growth absorb it), and that nothing under
    /// a `readOnly` property matters in a request, nor under a `writeOnly` one in a response.
    static func level(of delta: SchemaDelta, in direction: CompatDirection) -> CompatLevel {
        if direction == .request && delta.underReadOnly { return .info }
        if direction == .response && delta.underWriteOnly { return .info }
        switch delta.fact {
        case .propertyRemoved where direction == .request:
            // A server that refuses unknown properties rejects old clients that still send it.
            return .warning
        case .enumValueAdded, .becameNotEnum:
            return direction == .response ? .warning : .info
        default: return delta.fact.effect.level(in: direction)
        }
    }
}
