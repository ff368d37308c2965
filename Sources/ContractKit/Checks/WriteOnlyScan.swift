public import JSONSchema

/// Finds the values a response returns where its schema marks them `writeOnly` (a password, an API
/// key): OpenAPI says such properties are sent in requests and not returned, so a server that
/// echoes them gives away what it should keep.
///
/// The walk follows the body and its schema together: `$ref`s, every `allOf` branch, and the
/// `anyOf`/`oneOf` branches the value is valid against, so `anyOf: [{writeOnly string}, {null}]`
/// flags a returned string and not a returned `null`. It is bounded in depth and in values visited,
/// so a deep or recursive schema ends.
struct WriteOnlyScan {
    let schemas: ContractSchemas
    let document: JSONValue

    /// Schema levels followed at most (references and branches count).
    static let maximumDepth = 48
    /// Values visited at most in one body.
    static let maximumValues = 4_000

    /// The pointers (into the body) of the values returned under a `writeOnly` schema, in body
    /// order, at most `limit`.
    func returnedWriteOnly(in body: JSONValue, schemaAt pointer: JSONPointer, limit: Int = 20)
        -> [JSONPointer]
    {
        var state = State(limit: limit)
        visit(body, at: .root, schema: pointer, depth: 0, state: &state)
        return state.found
    }

    private struct State {
        var limit: Int
        var found: [JSONPointer] = []
        var visited = 0
        var isDone: Bool { found.count >= limit || visited >= WriteOnlyScan.maximumValues }
    }

    private func visit(
        _ value: JSONValue, at location: JSONPointer, schema: JSONPointer, depth: Int, state: inout State
    ) {
        guard !state.isDone, depth < Self.maximumDepth else { return }
        state.visited += 1
        let pointers = applicable(schema, to: value, depth: depth)
        if location != .root, pointers.contains(where: { node($0)?["writeOnly"] == .bool(true) }) {
            state.found.append(location)
            return
        }
        switch value {
        case .object(let object):
            for member in object.members {
                let place = location.appending(member.key)
                for pointer in pointers where node(pointer)?["properties"]?[member.key] != nil {
                    let child = pointer.appending("properties").appending(member.key)
                    guard reachesWriteOnly(child), state.found.last != place else { continue }
                    visit(member.value, at: place, schema: child, depth: depth + 1, state: &state)
                }
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                let child = pointers.lazy.compactMap { pointer -> JSONPointer? in
                    if let prefix = node(pointer)?["prefixItems"]?.arrayValue, index < prefix.count {
                        return pointer.appending("prefixItems").appending(String(index))
                    }
                    return node(pointer)?["items"]?.objectValue != nil ? pointer.appending("items") : nil
                }.first
                guard let child, reachesWriteOnly(child) else { break }
                visit(
                    element, at: location.appending(String(index)), schema: child, depth: depth + 1,
                    state: &state)
            }
        default:
            break
        }
    }

    /// The schema at `pointer` with every schema that also applies to `value` through `$ref`,
    /// `allOf`, and the `anyOf`/`oneOf` branches it is valid against.
    private func applicable(_ pointer: JSONPointer, to value: JSONValue, depth: Int) -> [JSONPointer] {
        var result: [JSONPointer] = []
        var pending = [(pointer, depth)]
        while let (current, level) = pending.popLast(), level < Self.maximumDepth, result.count < 64 {
            guard let schema = node(current), !result.contains(current) else { continue }
            result.append(current)
            if let reference = schema["$ref"]?.stringValue, reference.hasPrefix("#"),
                let target = JSONPointer(String(reference.dropFirst()))
            {
                pending.append((target, level + 1))
            }
            for (offset, _) in (schema["allOf"]?.arrayValue ?? []).enumerated() {
                pending.append((current.appending("allOf").appending(String(offset)), level + 1))
            }
            for keyword in ["anyOf", "oneOf"] {
                for (offset, _) in (schema[keyword]?.arrayValue ?? []).enumerated() {
                    let branch = current.appending(keyword).appending(String(offset))
                    // Validating is the costly part: only branches that can mark something.
                    if reachesWriteOnly(branch), schemas.validate(value, at: branch).isValid {
                        pending.append((branch, level + 1))
                    }
                }
            }
        }
        return result
    }

    /// Whether the schema at `pointer`, through anything it references, marks a value `writeOnly`.
    func reachesWriteOnly(_ pointer: JSONPointer) -> Bool {
        schemas.reachesWriteOnly(pointer)
    }

    private func node(_ pointer: JSONPointer) -> JSONObject? {
        pointer.resolve(in: document)?.objectValue
    }
}

extension ContractSchemas {
    /// Whether the schema at `pointer` marks any value `writeOnly`, itself or through what it
    /// contains and references; computed once per pointer, most schemas answer no and the
    /// response check then walks nothing.
    func reachesWriteOnly(_ pointer: JSONPointer) -> Bool {
        if let known = writeOnlyReach.withLock({ $0[pointer] }) { return known }
        var seen = Set<JSONPointer>()
        let answer = Self.marksWriteOnly(pointer, in: contract.document, seen: &seen)
        writeOnlyReach.withLock { $0[pointer] = answer }
        return answer
    }

    private static func marksWriteOnly(
        _ pointer: JSONPointer, in document: JSONValue, seen: inout Set<JSONPointer>
    )
        -> Bool
    {
        guard seen.insert(pointer).inserted, seen.count < 10_000, let schema = pointer.resolve(in: document)
        else {
            return false
        }
        var stack: [JSONValue] = [schema]
        while let value = stack.popLast() {
            switch value {
            case .object(let object):
                if object["writeOnly"] == .bool(true) { return true }
                for member in object.members where !Self.instanceKeywords.contains(member.key) {
                    if member.key == "$ref", let reference = member.value.stringValue,
                        reference.hasPrefix("#"),
                        let target = JSONPointer(String(reference.dropFirst())),
                        marksWriteOnly(target, in: document, seen: &seen)
                    {
                        return true
                    }
                    stack.append(member.value)
                }
            case .array(let elements):
                stack += elements
            default:
                break
            }
        }
        return false
    }

    /// Keywords whose values are instances, not schemas.
    private static let instanceKeywords: Set<String> = ["enum", "const", "examples", "example", "default"]
}
