/// The resource model in words, for `conform lint --verbose`: what the fuzzer will create, read,
/// change and delete, and where each id comes from, so a team sees what Conform inferred before
/// it acts on a real server, and what it will not be able to do.
extension ResourceModel {
    public func description(in contract: Contract) -> String {
        guard !resources.isEmpty else {
            return "Resources: none (no collection path with items or a create)."
        }
        var lines = ["Resources (inferred from paths and methods):"]
        for resource in resources {
            var heading = "  \(resource.name): \(resource.collection.template)"
            if let item = resource.item { heading += ", \(item.template)" }
            if let parent = resource.parent {
                heading += " (under \(parent.resource), {\(parent.parameter)} from it)"
            }
            lines.append(heading)
            for role in Resource.Role.allCases {
                guard let id = resource.operations[role], let endpoint = contract.endpoint(id) else {
                    continue
                }
                var line =
                    "    \(role.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))\(id) (\(endpoint.displayName))"
                if role == .create && resource.createsOnItem {
                    line += ", on the item path with an id Conform chooses"
                }
                if role == .list && resource.listsBySearch { line += ", a search" }
                lines.append(line)
            }
            let sources = idSources(of: resource, in: contract)
            if let parameter = resource.idParameter {
                lines.append("    {\(parameter)} from: " + sources.map(\.description).joined(separator: "; "))
            }
            if let limit = resource.operations[.list].flatMap(contract.endpoint).flatMap({
                ListingLimit.parameter(of: $0, in: contract.document)
            }) {
                lines.append("    listing limited by ?\(limit.name)=")
            }
            lines += warnings(about: resource, sources: sources).map { "    warning: " + $0 }
        }
        return lines.joined(separator: "\n")
    }

    /// What the stories of `resource` will not be able to do, in words.
    func warnings(about resource: Resource, sources: [IDSource]) -> [String] {
        guard resource.item != nil else { return [] }
        var warnings: [String] = []
        if resource.operations[.create] == nil {
            warnings.append(
                "no create: its stories follow only the items a listing or an earlier answer names")
        }
        if resource.operations[.read] == nil {
            warnings.append("no read: nothing can show what a create or a change stored")
        }
        if !sources.contains(where: { if case .seen = $0 { return false } else { return true } }) {
            warnings.append(
                "no id source: no capture, Location header, chosen id or id property in a create or listing answer"
            )
        }
        return warnings
    }
}
