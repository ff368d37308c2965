/// The resource model in words, for `conform lint --verbose`: what the fuzzer will create, read,
/// change and delete, and where each id comes from, so a team sees what Conform inferred before
/// it acts on a real server.
extension ResourceModel {
    public func description(in contract: Contract) -> String {
        guard !resources.isEmpty else { return "Resources: none (no collection path with items or a create)." }
        var lines = ["Resources (inferred from paths and methods):"]
        for resource in resources {
            var heading = "  \(resource.name): \(resource.collection.template)"
            if let item = resource.item { heading += ", \(item.template)" }
            if let parent = resource.parent { heading += " (under \(parent.resource), {\(parent.parameter)} from it)" }
            lines.append(heading)
            for role in Resource.Role.allCases {
                guard let id = resource.operations[role], let endpoint = contract.endpoint(id) else { continue }
                lines.append("    \(role.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))\(id) (\(endpoint.displayName))")
            }
            if let parameter = resource.idParameter {
                let sources = idSources(of: resource, in: contract).map(\.description)
                lines.append("    {\(parameter)} from: " + sources.joined(separator: "; "))
            }
            if let limit = resource.operations[.list].flatMap(contract.endpoint).flatMap({
                ListingLimit.parameter(of: $0, in: contract.document)
            }) {
                lines.append("    listing limited by ?\(limit.name)=")
            }
        }
        return lines.joined(separator: "\n")
    }
}
