extension SchemaFact {
    /// Who breaks and how, for a change at `level` in `direction`: the second half of every
    /// sentence a schema change is reported with.
    func consequence(in direction: CompatDirection, level: CompatLevel) -> String {
        if case .unresolvedReference = self { return "it is not compared until the reference is fixed" }
        if direction == .request {
            return level == .info ? "requests old clients send are still accepted" : requestConsequence
        }
        return level == .info ? "old clients still understand every response" : responseConsequence
    }

    private var requestConsequence: String {
        switch self {
        case .propertyAdded: return "old clients do not send it, so their requests are rejected"
        case .becameRequired: return "old clients that leave it out are rejected"
        case .becameNotNullable: return "old clients that send null are rejected"
        case .enumValueRemoved: return "old clients that send it are rejected"
        case .becameEnum: return "old clients that send any other value are rejected"
        case .alternativeRemoved: return "requests of that shape are rejected"
        case .propertyRemoved:
            return "a server that refuses unknown properties rejects old clients that still send it"
        case .pattern(_?, _?): return "values that matched the old pattern may not match the new one"
        default: return "values old clients send may now be rejected"
        }
    }

    private var responseConsequence: String {
        switch self {
        case .propertyRemoved(let required):
            return required
                ? "old clients that read it find it missing" : "old clients that show it find it missing"
        case .becameOptional: return "old clients that expect it on every response break when it is missing"
        case .becameNullable: return "old clients that do not expect null break on it"
        case .type, .format: return "old clients that decode the old type break"
        case .enumValueAdded: return "old clients that handle only the known values meet one they do not know"
        case .becameNotEnum: return "old clients that handle only the known values may meet others"
        case .alternativeAdded: return "old clients do not know the new shape"
        case .pattern(_?, _?): return "values may no longer match what old clients expect"
        default: return "old clients may receive values they were not built for"
        }
    }
}
