import JSONSchema

/// Reads a contract's `"auth"` and its endpoints' `"security"` into a `ContractAuth`, reporting
/// every problem with its pointer (the loader adds the line and column).
enum ContractAuthDecoder {
    static let schemeKeys: [String: [String]] = [
        "bearer": ["type", "token", "description"],
        "basic": ["type", "username", "password", "description"],
        "apiKey": ["type", "in", "name", "value", "description"],
    ]

    static func decode(_ document: JSONValue) -> (ContractAuth?, [ContractProblem]) {
        var problems: [ContractProblem] = []
        let endpointSecurity = endpointSecurity(document, &problems)
        guard let value = document["auth"] else {
            for (id, names) in endpointSecurity.values where !names.isEmpty {
                problems.append(
                    ContractProblem(
                        "endpoint \"\(id)\" names security schemes, but the contract declares no \"auth\"",
                        at: endpointSecurity.pointers[id] ?? .root))
            }
            return (nil, problems)
        }
        let root = JSONPointer(tokens: ["auth"])
        guard let auth = value.objectValue else {
            return (nil, [ContractProblem("\"auth\" must be an object with \"schemes\"", at: root)])
        }
        for key in auth.keys
        where !["schemes", "security", "unauthenticatedStatuses", "description"].contains(key) {
            problems.append(ContractProblem("unknown key \"\(key)\" in \"auth\"", at: root.appending(key)))
        }
        var schemes: [ContractAuth.Scheme] = []
        for member in auth["schemes"]?.objectValue?.members ?? [] {
            let pointer = root.appending("schemes").appending(member.key)
            if let scheme = self.scheme(named: member.key, member.value, at: pointer, &problems) {
                schemes.append(scheme)
            }
        }
        if auth["schemes"]?.objectValue == nil {
            problems.append(
                ContractProblem("\"auth\" needs \"schemes\": an object of named schemes", at: root))
        }
        let names = schemes.map(\.name)
        func check(_ list: [String], at pointer: JSONPointer) {
            for name in list where !names.contains(name) {
                var message = "unknown security scheme \"\(name)\""
                if let suggestion = Suggestion.closest(to: name, in: names) {
                    message += "; did you mean \"\(suggestion)\"?"
                }
                problems.append(ContractProblem(message, at: pointer))
            }
        }
        var security: [String]?
        if let list = auth["security"] {
            security = strings(list, at: root.appending("security"), &problems)
            check(security ?? [], at: root.appending("security"))
        }
        for (id, list) in endpointSecurity.values {
            check(list, at: endpointSecurity.pointers[id] ?? .root)
        }
        var statuses: Set<Int> = [401, 403]
        if let list = auth["unauthenticatedStatuses"] {
            let pointer = root.appending("unauthenticatedStatuses")
            let numbers = list.arrayValue?.compactMap { $0.numberValue.flatMap { Int($0.description) } }
            if let numbers, numbers.count == list.arrayValue?.count,
                numbers.allSatisfy({ (400..<500).contains($0) })
            {
                statuses = Set(numbers)
            } else {
                problems.append(
                    ContractProblem("\"unauthenticatedStatuses\" must be a list of 4xx statuses", at: pointer)
                )
            }
        }
        return (
            ContractAuth(
                schemes: schemes, security: security, endpointSecurity: endpointSecurity.values,
                unauthenticatedStatuses: statuses),
            problems
        )
    }

    private static func scheme(
        named name: String, _ value: JSONValue, at pointer: JSONPointer, _ problems: inout [ContractProblem]
    ) -> ContractAuth.Scheme? {
        guard let object = value.objectValue, let type = object["type"]?.stringValue,
            let keys = schemeKeys[type]
        else {
            problems.append(
                ContractProblem(
                    "security scheme \"\(name)\" needs \"type\": \"bearer\", \"basic\" or \"apiKey\"",
                    at: pointer))
            return nil
        }
        for key in object.keys where !keys.contains(key) && !key.hasPrefix("x-") {
            var message = "unknown key \"\(key)\" in a \(type) scheme"
            if let suggestion = Suggestion.closest(to: key, in: keys) {
                message += "; did you mean \"\(suggestion)\"?"
            }
            problems.append(ContractProblem(message, at: pointer.appending(key)))
        }
        func text(_ key: String) -> String? {
            guard let member = object[key] else { return nil }
            guard let string = member.stringValue else {
                problems.append(ContractProblem("\"\(key)\" must be a string", at: pointer.appending(key)))
                return nil
            }
            return string
        }
        switch type {
        case "bearer":
            return ContractAuth.Scheme(name: name, kind: .bearer, credential: text("token"), pointer: pointer)
        case "basic":
            let username = text("username")
            let password = text("password")
            let credential = username == nil && password == nil ? nil : "\(username ?? ""):\(password ?? "")"
            return ContractAuth.Scheme(name: name, kind: .basic, credential: credential, pointer: pointer)
        default:
            let locationText = text("in") ?? ""
            guard let location = ContractAuth.Scheme.Location(rawValue: locationText),
                let keyName = text("name"),
                !keyName.isEmpty
            else {
                problems.append(
                    ContractProblem(
                        "apiKey scheme \"\(name)\" needs \"in\" (header, query or cookie) and \"name\"",
                        at: pointer))
                return nil
            }
            return ContractAuth.Scheme(
                name: name, kind: .apiKey(location, name: keyName), credential: text("value"),
                pointer: pointer)
        }
    }

    private static func endpointSecurity(_ document: JSONValue, _ problems: inout [ContractProblem]) -> (
        values: [String: [String]], pointers: [String: JSONPointer]
    ) {
        var values: [String: [String]] = [:]
        var pointers: [String: JSONPointer] = [:]
        for (index, endpoint) in (document["endpoints"]?.arrayValue ?? []).enumerated() {
            guard let list = endpoint["security"], let id = endpoint["id"]?.stringValue else { continue }
            let pointer = JSONPointer(tokens: ["endpoints", String(index), "security"])
            values[id] = strings(list, at: pointer, &problems)
            pointers[id] = pointer
        }
        return (values, pointers)
    }

    private static func strings(
        _ value: JSONValue, at pointer: JSONPointer, _ problems: inout [ContractProblem]
    )
        -> [String]
    {
        guard let array = value.arrayValue, array.allSatisfy({ $0.stringValue != nil }) else {
            problems.append(ContractProblem("must be a list of security scheme names", at: pointer))
            return []
        }
        return array.compactMap(\.stringValue)
    }
}
