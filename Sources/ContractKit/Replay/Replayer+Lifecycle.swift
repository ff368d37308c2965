import ConformHTTP
public import JSONSchema

/// The calls `conform run` builds from the schemas for a resource's life (see ``LifecycleStep``):
/// each uses the id the create (or the listing) gave, and the read after the delete must find
/// nothing (`use_after_free`).
extension Replayer {
    /// The call built from the schemas, with the path placeholders the step fills from variables.
    func lifecycleExample(_ step: LifecycleStep, endpoint: Endpoint, builder: RequestBuilder) -> Example {
        var example = builder.synthesizedExample(for: endpoint)
        for (name, variable) in step.pathVariables {
            example.pathParameters.removeAll { $0.name == name }
            example.pathParameters.append((name: name, value: .string("{{\(variable)}}")))
        }
        return example
    }

    /// What the step's answer gives later calls (the item id, and that the step ran), and the
    /// finding of a read after the delete that still finds the item.
    func lifecycleOutcome(_ step: LifecycleStep, planned: Plan.Case, response: HTTPResponse, body: JSONValue?)
        -> (captured: [String: JSONValue], finding: Finding?)
    {
        var captured: [String: JSONValue] = [:]
        let succeeded = (200..<300).contains(response.status)
        // The other steps only wait for one another; the read after the delete runs only when the
        // delete removed the item.
        for variable in planned.captures
        where variable != step.idVariable && (step.role != .delete || succeeded) {
            captured[variable] = .bool(true)
        }
        if let idVariable = step.idVariable, succeeded,
            let resource = plan.resources.resource(named: step.resource)
        {
            switch step.role {
            case .list:
                if let first = body.flatMap(resource.listedIDs(in:))?.first { captured[idVariable] = first }
            default:
                if let parameter = resource.idParameter, let location = response.header("Location"),
                    let text = resource.placeholders(inLocation: location)?[parameter]
                {
                    captured[idVariable] = .string(text)
                }
                if let id = body.flatMap(resource.id(in:)) { captured[idVariable] = id }
            }
        }
        guard step.expectsGone, succeeded else { return (captured, nil) }
        return (
            captured,
            Finding(
                check: .useAfterFree, message: "a deleted item can still be read",
                expected: "404 or 410 after the delete", actual: String(response.status),
                status: response.status)
        )
    }
}
