package import JSONSchema
import Synchronization

/// The planned constraints of a location's children (a property, the items), filled as they
/// are first generated: the next value reaches them by name instead of flattening the child schema
/// again or looking it up by location and schema in `FlattenCache`.
package final class ChildPlans: Sendable {
    private let entries = Mutex<[Role: Constraints]>([:])

    package enum Role: Hashable, Sendable {
        case property(String)
        case items
        case prefixItem(Int)
    }

    package init() {}

    package subscript(role: Role) -> Constraints? {
        get { entries.withLock { $0[role] } }
        set { entries.withLock { $0[role] = newValue } }
    }
}

extension InstanceGenerator {
    /// Generates the child `role` of `parent` (a property, an item) from `schema`, located
    /// by `location` (only evaluated the first time, when the child is planned).
    package func generateChild(
        of parent: Constraints, role: ChildPlans.Role, _ schema: JSONValue,
        at location: @autoclosure () -> JSONPointer,
        depth: Int, context: inout Context
    ) throws(GenerationError) -> JSONValue {
        guard let children = parent.plan?.children else {
            return try generate(schema, at: location(), depth: depth, context: &context)
        }
        if let planned = children[role] {
            return try generate(planned, depth: depth, context: &context)
        }
        let place = location()
        var planned = try flatten(schema, at: place, hops: 0)
        planned.plan = GenerationPlan(planned, generator: self)
        children[role] = planned
        return try generate(planned, depth: depth, context: &context)
    }
}
