import JSONSchema

/// Every rule `conform compat` reports, with its default level, direction and an example: the
/// operation, parameter, body, status, media type, header and security rules written out, and the
/// schema rules generated from the places a schema is used and the facts ``SchemaDiff`` finds, so
/// the list can never disagree with what is reported.
public enum RuleCatalogue {
    /// Every rule, operation rules first, each id once.
    public static let all: [CompatRule] = {
        var seen = Set<String>()
        return (operationRules + schemaRules).filter { seen.insert($0.id).inserted }
    }()

    private static let index: [String: CompatRule] = Dictionary(
        all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    /// The rule with `id`, nil when there is none.
    public static func rule(_ id: String) -> CompatRule? { index[id] }

    /// The level a rule reports at by default (`info` for an unknown id).
    static func level(_ id: String) -> CompatLevel { index[id]?.level ?? .info }

    static func rule(
        _ id: String, _ level: CompatLevel, _ direction: CompatDirection, _ example: String
    ) -> CompatRule {
        CompatRule(id: id, level: level, direction: direction, example: example)
    }

    /// The schema rules: every fact at every kind of place, judged for any client.
    static let schemaRules: [CompatRule] = SchemaSubject.samples.flatMap { sample in
        sampleFacts(nested: sample.nested).map { fact in
            let delta = SchemaDelta(fact: fact, path: sample.nested ? ["note"] : [])
            let judgement = Judgement(delta, in: sample.subject, clients: .any)
            return rule(judgement.rule, judgement.level, sample.subject.direction, judgement.message)
        }
    }

    /// One fact of each kind, with sample values; property facts only inside a schema.
    private static func sampleFacts(nested: Bool) -> [SchemaFact] {
        let ten = JSONNumber(10)
        let twenty = JSONNumber(20)
        var facts: [SchemaFact] = [
            .type(from: "integer", to: "string", .incomparable),
            .type(from: "integer", to: "number", .widens),
            .type(from: "number", to: "integer", .narrows), .becameNullable, .becameNotNullable,
            .constChanged(from: "v1", to: "v2"), .enumValueAdded("refunded"), .enumValueRemoved("pending"),
            .becameEnum(["open", "closed"]),
            .becameNotEnum, .uniqueItems(true), .uniqueItems(false), .pattern(from: nil, to: "^[a-z]+$"),
            .pattern(from: "^[a-z]+$", to: nil), .pattern(from: "^[a-z]+$", to: "^[a-z0-9]+$"),
            .multipleOf(from: nil, to: JSONNumber(floatLiteral: 0.5), .narrows),
            .multipleOf(from: JSONNumber(floatLiteral: 0.5), to: nil, .widens),
            .multipleOf(from: JSONNumber(floatLiteral: 0.5), to: JSONNumber(floatLiteral: 0.25), .widens),
            .multipleOf(from: JSONNumber(floatLiteral: 0.25), to: JSONNumber(floatLiteral: 0.5), .narrows),
            .multipleOf(from: JSONNumber(2), to: JSONNumber(3), .incomparable),
            .alternativeAdded(.oneOf, name: "Cat"), .alternativeRemoved(.oneOf, name: "Cat"),
            .alternativeAdded(.anyOf, name: "Cat"), .alternativeRemoved(.anyOf, name: "Cat"),
            .defaultValue(from: nil, to: 10), .defaultValue(from: 10, to: nil),
            .defaultValue(from: 10, to: 20),
        ]
        facts += [.becameFalse(true), .becameFalse(false)]
        for name in (Array(SchemaFact.plainKeywords.keys) + SchemaFact.structureKeywords.keys).sorted() {
            facts += [.keyword(name, .added), .keyword(name, .removed), .keyword(name, .changed)]
        }
        for name in SchemaFact.entryKeywords.keys.sorted() {
            facts += [.keywordEntry(name, name: "a", .added), .keywordEntry(name, name: "a", .removed)]
            facts += [.keywordEntry(name, name: "a", .changed)]
        }
        for keyword in BoundKeyword.allCases {
            facts += [
                .bound(keyword, .increased(from: ten, to: twenty)),
                .bound(keyword, .decreased(from: twenty, to: ten)),
                .bound(keyword, .set(ten)), .bound(keyword, .unset(ten)),
            ]
        }
        if nested {
            facts += [
                .propertyAdded(required: true), .propertyAdded(required: false),
                .propertyRemoved(required: true),
                .propertyRemoved(required: false), .becameRequired, .becameOptional, .readOnly(true),
                .readOnly(false), .writeOnly(true), .writeOnly(false),
            ]
        }
        return facts
    }
}
