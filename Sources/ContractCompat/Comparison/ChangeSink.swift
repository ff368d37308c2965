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
    /// The places already found in the files, kept across the operations of one comparison: a
    /// change in a shared schema stands at the same place for each operation it reaches.
    var places = Places()

    /// Places in the old and the new files, by pointer into each contract document.
    struct Places {
        var old: [JSONPointer: SourceLocator.Location] = [:]
        var new: [JSONPointer: SourceLocator.Location] = [:]
        /// The verdicts already given, by fact and the kind of place: a shared schema's change is
        /// judged once, and only its subject is worded for each operation.
        var judged: [Judgement.Key: Judgement] = [:]
        /// A `Codable` effect worded with the generated client's name of its place, by text and place.
        var worded: [WordingKey: String] = [:]
    }

    struct WordingKey: Hashable {
        var codable: String
        var place: JSONPointer
    }

    /// `codable` worded with the generated client's name of `place`, once per text and place.
    private mutating func worded(_ codable: String, at place: JSONPointer) -> String {
        let key = WordingKey(codable: codable, place: place)
        if let known = places.worded[key] { return known }
        let text = ClientNaming.wording(codable, at: place)
        places.worded[key] = text
        return text
    }

    init(
        old: LoadedDescription, new: LoadedDescription, operation: CompatOperation?, clients: CompatClients,
        places: Places = Places()
    ) {
        self.old = old
        self.new = new
        self.operation = operation
        self.clients = clients
        self.places = places
    }

    private mutating func oldLocation(_ pointer: JSONPointer) -> SourceLocator.Location {
        if let known = places.old[pointer] { return known }
        let location = old.location(of: pointer)
        places.old[pointer] = location
        return location
    }

    private mutating func newLocation(_ pointer: JSONPointer) -> SourceLocator.Location {
        if let known = places.new[pointer] { return known }
        let location = new.location(of: pointer)
        places.new[pointer] = location
        return location
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

    /// The changes of a schema compared at `subject`, which the operation uses at `use` (in the
    /// new contract). A body a `Codable` model does not decode (not JSON) is judged for any client,
    /// with no word on such a model.
    mutating func add(
        _ deltas: [SchemaDelta], at subject: SchemaSubject, usedAt use: JSONPointer?,
        decodedByCodable: Bool = true
    ) {
        guard !deltas.isEmpty else { return }
        let usedAt = use.map { newLocation($0) }
        for delta in deltas {
            if case .becameNullable = delta.fact, !subject.carriesNull(at: delta.path) { continue }
            if case .becameNotNullable = delta.fact, !subject.carriesNull(at: delta.path) { continue }
            let judges = decodedByCodable ? clients : .any
            let key = Judgement.Key(delta, in: subject, clients: judges)
            var judgement: Judgement
            if let known = places.judged[key] {
                judgement = known
                judgement.word(delta, in: subject)
            } else {
                judgement = Judgement(delta, in: subject, clients: judges)
                places.judged[key] = judgement
            }
            append(
                judgement.rule, judgement.level, subject.direction, judgement.message,
                decodedByCodable ? judgement.codableEffect : nil,
                old: delta.old, new: delta.new,
                fact: (judgement.predicate, judgement.subject, usedAt, judgement.sharedMessage))
        }
    }

    private mutating func append(
        _ rule: String, _ level: CompatLevel, _ direction: CompatDirection, _ message: String,
        _ codable: String?,
        old oldPlace: JSONPointer?, new newPlace: JSONPointer?,
        fact: (predicate: String, subject: String, usedAt: SourceLocator.Location?, shared: String?)? = nil
    ) {
        let side: CompatChange.Side = newPlace == nil && oldPlace != nil ? .old : .new
        let location = side == .old ? oldLocation(oldPlace ?? .root) : newLocation(newPlace ?? .root)
        var effect: String?
        if direction == .response, let codable { effect = worded(codable, at: location.pointer) }
        var change = CompatChange(
            rule: rule, level: level, direction: direction, operation: operation, message: message,
            codableEffect: effect, location: location, side: side)
        if let fact, let operation {
            change.fact = fact.predicate
            change.sharedMessage = fact.shared
            change.reach = [CompatReach(operation: operation, subject: fact.subject, usedAt: fact.usedAt)]
        }
        changes.append(change)
    }
}
