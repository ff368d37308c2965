/// How a call built from the schemas takes part in its resource's life, so `conform run` on a
/// description without examples creates an item, reads, replaces and updates that very item,
/// lists, deletes it, and checks it is gone: each call with the id the last answer gave, in an
/// order that makes sense, whatever the document order.
public struct LifecycleStep: Sendable, Hashable {
    public var resource: String
    public var role: Resource.Role
    /// Path placeholders filled from variables (placeholder → variable).
    public var pathVariables: [String: String]
    /// The variable this call's answer gives an item id to (the create, else the listing).
    public var idVariable: String?
    /// Whether this is the read after the delete, which must find nothing.
    public var expectsGone: Bool
    /// Whether the resource's ids come from its listing (it has no create): a listing may name
    /// no item (empty, or not a collection at all: httpbin's `/digest-auth/…`), and then the call
    /// is made with generated path values, as a call built from the schemas always was.
    public var idsFromListing = false

    /// The variable of `resource`'s item id.
    static func idVariable(of resource: String) -> String { "_" + sanitized(resource) + "_id" }

    /// The ordering variable a role of `resource` captures once it ran.
    static func orderVariable(_ role: String, of resource: String) -> String {
        "_" + sanitized(resource) + "_" + role
    }

    /// Whether a variable is one the plan made to order a resource's calls (not a value to check).
    public static func isOrdering(_ variable: String) -> Bool { variable.hasPrefix("_") }

    private static func sanitized(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}

/// The lifecycle steps of a contract's calls built from schemas, by endpoint id.
struct LifecyclePlanner {
    let contract: Contract
    let model: ResourceModel

    /// For each endpoint without examples that acts on a resource, its step; and the extra reads
    /// after a delete, by the read endpoint's id.
    func steps() -> (byEndpoint: [String: LifecycleStep], afterDelete: [String: LifecycleStep]) {
        var byEndpoint: [String: LifecycleStep] = [:]
        var afterDelete: [String: LifecycleStep] = [:]
        let generated = Set(contract.endpoints.filter(\.examples.isEmpty).map(\.id))
        func sourceRole(of resource: Resource) -> Resource.Role? {
            guard resource.idParameter != nil else { return nil }
            // An item created on its own path needs an id chosen before the call: `run` leaves it
            // to generated values, as the fuzzer's stories choose one.
            if !resource.createsOnItem, resource.operations[.create].map(generated.contains) == true {
                return .create
            }
            return resource.operations[.list].map(generated.contains) == true ? .list : nil
        }
        for resource in model.resources {
            guard let source = sourceRole(of: resource), let idParameter = resource.idParameter else {
                continue
            }
            var parentVariables: [String: String] = [:]
            if let parent = resource.parent {
                // A parent whose id no call gives leaves this resource to the examples' values.
                guard let owner = model.resource(named: parent.resource), sourceRole(of: owner) != nil else {
                    continue
                }
                parentVariables[parent.parameter] = LifecycleStep.idVariable(of: parent.resource)
            }
            let idVariable = LifecycleStep.idVariable(of: resource.name)
            for role in Resource.Role.allCases {
                guard let endpointID = resource.operations[role], generated.contains(endpointID),
                    byEndpoint[endpointID] == nil, !(role == .create && resource.createsOnItem)
                else { continue }
                var variables = parentVariables
                if role.isItemRole { variables[idParameter] = idVariable }
                byEndpoint[endpointID] = LifecycleStep(
                    resource: resource.name, role: role, pathVariables: variables,
                    idVariable: role == source ? idVariable : nil, expectsGone: false,
                    idsFromListing: source == .list)
            }
            if let delete = resource.operations[.delete], let read = resource.operations[.read],
                generated.contains(delete), generated.contains(read)
            {
                var variables = parentVariables
                variables[idParameter] = idVariable
                afterDelete[read] = LifecycleStep(
                    resource: resource.name, role: .read, pathVariables: variables, idVariable: nil,
                    expectsGone: true, idsFromListing: source == .list)
            }
        }
        // A parent's id comes from its source step, which may act for another resource (httpbin's
        // `/digest-auth/{qop}/{user}/{passwd}` is both a listing and an item): a step whose
        // variables no step captures is left to generated values, and so are its children's.
        while true {
            let captured = Set(byEndpoint.values.compactMap(\.idVariable))
            let kept = byEndpoint.filter { Set($0.value.pathVariables.values).isSubset(of: captured) }
            if kept.count == byEndpoint.count { break }
            byEndpoint = kept
        }
        let captured = Set(byEndpoint.values.compactMap(\.idVariable))
        afterDelete = afterDelete.filter { Set($0.value.pathVariables.values).isSubset(of: captured) }
        return (byEndpoint, afterDelete)
    }

    /// What a step uses and captures, so the plan orders create → read → replace → update → list
    /// → delete → read again, each after the call that gives it its id.
    static func variables(of step: LifecycleStep, present: Set<Resource.Role>) -> (
        uses: Set<String>, captures: [String]
    ) {
        let name = step.resource
        var uses = Set(step.pathVariables.values)
        var captures: [String] = []
        if let idVariable = step.idVariable { captures.append(idVariable) }
        func after(_ roles: [Resource.Role]) {
            for role in roles where present.contains(role) && role != step.role {
                uses.insert(LifecycleStep.orderVariable(role.rawValue, of: name))
            }
        }
        switch step.role {
        case .create: break
        case .read where step.expectsGone: uses.insert(LifecycleStep.orderVariable("delete", of: name))
        case .read: after([.create])
        case .replace: after([.create, .read])
        case .update: after([.create, .read, .replace])
        case .list: after([.create, .read, .replace, .update].filter { _ in step.idVariable == nil })
        case .delete: after([.read, .replace, .update, .list])
        }
        if !step.expectsGone { captures.append(LifecycleStep.orderVariable(step.role.rawValue, of: name)) }
        uses.subtract(captures)
        return (uses, captures)
    }
}
