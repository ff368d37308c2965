import ContractKit
import JSONSchema

/// Collects the changes of one operation: places each in the new file (the old one for what is
/// gone), gives it its level for the clients judged for, and words it.
struct ChangeSink {
    let old: LoadedDescription
    let new: LoadedDescription
    let operation: CompatOperation?
    let clients: CompatClients
    private(set) var changes: [CompatChange] = []

    init(old: LoadedDescription, new: LoadedDescription, operation: CompatOperation?, clients: CompatClients)
    {
        self.old = old
        self.new = new
        self.operation = operation
        self.clients = clients
    }

    /// A change of a rule written out in the catalogue, at its default level (or `chosen`), raised to
    /// an error for `Codable` clients when `codable` says such a model cannot absorb it.
    mutating func add(
        _ rule: String, _ message: String, old oldPlace: JSONPointer?, new newPlace: JSONPointer?,
        codable: (text: String, breaksModel: Bool)? = nil, level chosen: CompatLevel? = nil
    ) {
        var level = chosen ?? RuleCatalogue.level(rule)
        if clients == .codable, codable?.breaksModel == true { level = .error }
        let direction = RuleCatalogue.rule(rule)?.direction ?? .operation
        append(rule, level, direction, message, codable?.text, old: oldPlace, new: newPlace)
    }

    /// The changes of a schema compared at `subject`. A body a `Codable` model does not decode
    /// (not JSON) is judged for any client, with no word on such a model.
    mutating func add(_ deltas: [SchemaDelta], at subject: SchemaSubject, decodedByCodable: Bool = true) {
        for delta in deltas {
            let judgement = Judgement(delta, in: subject, clients: decodedByCodable ? clients : .any)
            append(
                judgement.rule, judgement.level, subject.direction, judgement.message,
                decodedByCodable ? judgement.codableEffect : nil,
                old: delta.old, new: delta.new)
        }
    }

    private mutating func append(
        _ rule: String, _ level: CompatLevel, _ direction: CompatDirection, _ message: String,
        _ codable: String?,
        old oldPlace: JSONPointer?, new newPlace: JSONPointer?
    ) {
        let side: CompatChange.Side = newPlace == nil && oldPlace != nil ? .old : .new
        let location =
            side == .old ? old.location(of: oldPlace ?? .root) : new.location(of: newPlace ?? .root)
        changes.append(
            CompatChange(
                rule: rule, level: level, direction: direction, operation: operation, message: message,
                codableEffect: direction == .response
                    ? codable.map { ClientNaming.wording($0, at: location.pointer) } : nil,
                location: location, side: side))
    }
}
