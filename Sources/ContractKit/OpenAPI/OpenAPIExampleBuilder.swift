import JSONSchema

/// Writes one replay example per operation from the document's examples, and turns links into
/// captures, so a contract imported from OpenAPI replays as a chain: the source operation captures
/// `"<link>_<parameter>": "/id"` from its response and the target operation sends `{{<link>_<parameter>}}`.
///
/// Supported link subset: targets named by `operationId` or by a same-document `operationRef`;
/// `parameters` (optionally qualified, `path.id`) and `requestBody` whose values are
/// `$response.body#/pointer`, `$response.header.Name`, strings embedding those as `{…}`, or
/// constants. Links on responses other than the replayed success, `$request.*`, `$url`, `$method`
/// and `$statusCode` expressions, self-links and links that would form a cycle leave warnings.
struct OpenAPIExampleBuilder {
    enum Slot: Hashable {
        case parameter(location: String, name: String)
        case body
    }

    /// A link that passes values from `source`'s response to `target`'s request.
    private struct Chain {
        var name: String
        var source: Int
        var target: Int
        var pointer: JSONPointer
        var values: [Slot: JSONValue]
        var captures: [(variable: String, capture: JSONValue)]
    }

    let operations: [OpenAPIOperation]

    /// The examples of each operation, in the order of `operations`.
    func build(log: inout OpenAPIWarningLog) -> [[JSONValue]] {
        var chains: [Chain] = []
        var variables = Set<String>()
        for (index, operation) in operations.enumerated() {
            for link in operation.links {
                if let chain = chain(link, from: index, accepted: chains, variables: &variables, log: &log) {
                    chains.append(chain)
                }
            }
        }
        var active = Array(chains.indices)
        var buildable: [Bool] = []
        while true {
            buildable = operations.indices.map { index in
                values(for: index, chains: active.map { chains[$0] }) != nil
            }
            let kept = active.filter { buildable[chains[$0].source] && buildable[chains[$0].target] }
            if kept.count == active.count { break }
            active = kept
        }
        for (index, chain) in chains.enumerated() where !active.contains(index) {
            let missing = buildable[chain.source] ? operations[chain.target].id : operations[chain.source].id
            log.warn(
                "link \"\(chain.name)\" is not replayed: operation \"\(missing)\" has no replay example (a required parameter or body has no example value)",
                at: chain.pointer)
        }
        let used = active.map { chains[$0] }
        return operations.indices.map { index in
            guard let values = values(for: index, chains: used) else { return [] }
            return [example(for: index, values: values, chains: used)]
        }
    }

    // MARK: - Links

    private func chain(
        _ link: OpenAPIOperation.Link, from source: Int, accepted: [Chain], variables: inout Set<String>,
        log: inout OpenAPIWarningLog
    ) -> Chain? {
        let operation = operations[source]
        guard link.responseKey == operation.replayedResponse else {
            let replayed = operation.replayedResponse.map { "expects \($0)" } ?? "has no success response"
            log.warn(
                "link \"\(link.name)\" is on response \(link.responseKey), but the replay example of \"\(operation.id)\" \(replayed); it is not replayed",
                at: link.pointer)
            return nil
        }
        guard let target = target(of: link, log: &log) else { return nil }
        guard target != source else {
            log.warn(
                "link \"\(link.name)\" points back at its own operation; it is not replayed", at: link.pointer
            )
            return nil
        }
        if reaches(from: target, to: source, through: accepted) {
            log.warn(
                "link \"\(link.name)\" would make \"\(operation.id)\" and \"\(operations[target].id)\" wait for each other; it is not replayed",
                at: link.pointer)
            return nil
        }
        if link.object["server"] != nil {
            log.warn(
                "a link's \"server\" is not mapped; the contract's base URL is used",
                at: link.pointer.appending("server"))
        }
        var chain = Chain(
            name: link.name, source: source, target: target, pointer: link.pointer, values: [:], captures: [])
        let taken = Set(accepted.filter { $0.target == target }.flatMap { $0.values.keys })
        for item in requested(by: link, of: target, log: &log) {
            guard !taken.contains(item.slot), chain.values[item.slot] == nil else {
                log.warn("another link already gives this value; this one is not replayed", at: item.pointer)
                continue
            }
            let variable = Self.unusedVariable(
                Self.variableName("\(link.name)_\(item.label)"), operationID: operation.id, among: variables)
            guard
                let converted = OpenAPILinkExpression.convert(
                    item.value, variable: variable, at: item.pointer, log: &log)
            else { continue }
            for capture in converted.captures { variables.insert(capture.variable) }
            chain.values[item.slot] = converted.value
            chain.captures += converted.captures
        }
        guard !chain.values.isEmpty else {
            log.warn(
                "link \"\(link.name)\" passes no value Conform can replay; it is not replayed",
                at: link.pointer)
            return nil
        }
        return chain
    }

    /// The values a link passes to its target: each parameter the target declares, and the body.
    private func requested(
        by link: OpenAPIOperation.Link, of target: Int, log: inout OpenAPIWarningLog
    ) -> [(slot: Slot, label: String, value: JSONValue, pointer: JSONPointer)] {
        var requested: [(slot: Slot, label: String, value: JSONValue, pointer: JSONPointer)] = []
        if case .object(let parameters)? = link.object["parameters"] {
            for member in parameters.members {
                let here = link.pointer.appending("parameters").appending(member.key)
                guard let slot = slot(named: member.key, in: operations[target]) else {
                    log.warn(
                        "link \"\(link.name)\" sets parameter \"\(member.key)\", which operation \"\(operations[target].id)\" does not declare",
                        at: here)
                    continue
                }
                requested.append((slot, Self.bareName(member.key), member.value, here))
            }
        }
        if let body = link.object["requestBody"] {
            requested.append((.body, "body", body, link.pointer.appending("requestBody")))
        }
        return requested
    }

    /// `base`, else prefixed with the operation's id, else numbered: a name no variable has yet.
    private static func unusedVariable(_ base: String, operationID: String, among variables: Set<String>)
        -> String
    {
        var variable = base
        if variables.contains(variable) { variable = variableName("\(operationID)_\(base)") }
        var counter = 2
        while variables.contains(variable) {
            variable = "\(base)_\(counter)"
            counter += 1
        }
        return variable
    }

    private func target(of link: OpenAPIOperation.Link, log: inout OpenAPIWarningLog) -> Int? {
        if case .string(let operationID)? = link.object["operationId"] {
            if let index = operations.firstIndex(where: { $0.operationID == operationID }) { return index }
            log.warn(
                "link \"\(link.name)\" names operationId \"\(operationID)\", which no operation has",
                at: link.pointer.appending("operationId"))
            return nil
        }
        if case .string(let reference)? = link.object["operationRef"] {
            if let pointer = OpenAPIReferences.localPointer(reference),
                let index = operations.firstIndex(where: { $0.pointer == pointer })
            {
                return index
            }
            log.warn(
                "link \"\(link.name)\" has operationRef \"\(reference)\", which is not an operation of this document",
                at: link.pointer.appending("operationRef"))
            return nil
        }
        log.warn("link \"\(link.name)\" has neither \"operationId\" nor \"operationRef\"", at: link.pointer)
        return nil
    }

    private func reaches(from start: Int, to goal: Int, through chains: [Chain]) -> Bool {
        var seen: Set<Int> = [start]
        var pending = [start]
        while let next = pending.popLast() {
            if next == goal { return true }
            for chain in chains where chain.source == next && seen.insert(chain.target).inserted {
                pending.append(chain.target)
            }
        }
        return false
    }

    /// `id` or `path.id` → the target's parameter of that name (and location).
    private func slot(named name: String, in operation: OpenAPIOperation) -> Slot? {
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        let qualified = parts.count == 2 && ["path", "query", "header", "cookie"].contains(parts[0])
        let match = operation.parameters.first { parameter in
            qualified ? parameter.location == parts[0] && parameter.name == parts[1] : parameter.name == name
        }
        return match.map { .parameter(location: $0.location, name: $0.name) }
    }

    private static func bareName(_ name: String) -> String {
        for location in ["path.", "query.", "header.", "cookie."] where name.hasPrefix(location) {
            return String(name.dropFirst(location.count))
        }
        return name
    }

    /// Letters, digits, `_`, `.` and `-` are what `{{…}}` accepts; everything else becomes `_`.
    static func variableName(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" ? $0 : "_" })
    }

    // MARK: - Examples

    /// The value of every slot the example sends, or nil when a required one has no value.
    private func values(for index: Int, chains: [Chain]) -> [Slot: JSONValue]? {
        let operation = operations[index]
        var linked: [Slot: JSONValue] = [:]
        for chain in chains where chain.target == index { linked.merge(chain.values) { first, _ in first } }
        var values: [Slot: JSONValue] = [:]
        for parameter in operation.parameters {
            let slot = Slot.parameter(location: parameter.location, name: parameter.name)
            let value =
                linked[slot] ?? parameter.example ?? (parameter.isRequired ? parameter.schemaValue : nil)
            if let value {
                values[slot] = value
            } else if parameter.isRequired {
                return nil
            }
        }
        if let body = operation.body {
            if let value = linked[.body] ?? body.example {
                values[.body] = value
            } else if body.isRequired {
                return nil
            }
        }
        return values
    }

    /// A path or query value stays what it is (the parameter's style writes it); a header value is
    /// text, an array comma-separated as the `simple` style writes it.
    private static func parameterValue(_ value: JSONValue, inHeader: Bool) -> JSONValue {
        guard inHeader else { return value }
        if case .array(let elements) = value {
            return .string(elements.map(Template.plainText).joined(separator: ","))
        }
        return .string(Template.plainText(value))
    }

    private func example(for index: Int, values: [Slot: JSONValue], chains: [Chain]) -> JSONValue {
        let operation = operations[index]
        var example = JSONObject()
        let bodyFromLink = chains.contains { $0.target == index && $0.values[.body] != nil }
        example["name"] = .string((bodyFromLink ? nil : operation.body?.exampleName) ?? "example")
        for (key, location) in [("pathParameters", "path"), ("query", "query"), ("headers", "header")] {
            var group = JSONObject()
            for parameter in operation.parameters where parameter.location == location {
                guard let value = values[.parameter(location: location, name: parameter.name)] else {
                    continue
                }
                group[parameter.name] = Self.parameterValue(value, inHeader: location == "header")
            }
            if !group.isEmpty { example[key] = .object(group) }
        }
        // No expected status: the description's example values do not say which of the declared
        // answers they get (an example id may name no item), so any declared status passes.
        if let body = values[.body] { example["body"] = body }
        var captures = JSONObject()
        for chain in chains where chain.source == index {
            for capture in chain.captures { captures[capture.variable] = capture.capture }
        }
        if !captures.isEmpty { example["capture"] = .object(captures) }
        return .object(example)
    }
}
