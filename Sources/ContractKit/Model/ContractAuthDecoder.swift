import JSONSchema

/// Reads a contract's `"auth"` and its endpoints' `"security"` into a `ContractAuth`, reporting
/// every problem with its pointer (the loader adds the line and column).
enum ContractAuthDecoder {
    /// The keys each type of scheme reads, as ``ContractShape/authScheme`` declares them.
    static let schemeKeys: [String: [String]] = Dictionary(
        uniqueKeysWithValues: ContractShape.authSchemeTypes.map {
            ($0, ContractShape.authScheme.names(forVariant: $0))
        })

    static func decode(_ document: JSONValue) -> (ContractAuth?, [ContractProblem]) {
        var problems: [ContractProblem] = []
        let endpointSecurity = endpointSecurity(document, &problems)
        guard let value = document["auth"] else {
            for (id, requirements) in endpointSecurity.values
            where requirements.contains(where: { !$0.isEmpty }) {
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
        for key in auth.keys where !ContractShape.auth.names.contains(key) {
            problems.append(ContractProblem("unknown key \"\(key)\" in \"auth\"", at: root.appending(key)))
        }
        let schemes = self.schemes(in: auth, at: root, &problems)
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
        var security: [ContractAuth.Requirement]?
        if let list = auth["security"] {
            security = requirements(list, at: root.appending("security"), &problems)
            check(security?.flatMap { $0 } ?? [], at: root.appending("security"))
        }
        for (id, requirements) in endpointSecurity.values {
            check(requirements.flatMap { $0 }, at: endpointSecurity.pointers[id] ?? .root)
        }
        let statuses = unauthenticatedStatuses(
            auth["unauthenticatedStatuses"], at: root.appending("unauthenticatedStatuses"), &problems)
        return (
            ContractAuth(
                schemes: schemes, security: security, endpointSecurity: endpointSecurity.values,
                unauthenticatedStatuses: statuses),
            problems
        )
    }

    /// The schemes of `"auth"`, each read by ``scheme(named:_:at:_:)``.
    private static func schemes(
        in auth: JSONObject, at root: JSONPointer, _ problems: inout [ContractProblem]
    )
        -> [ContractAuth.Scheme]
    {
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
        return schemes
    }

    /// What a secured endpoint called without credentials may answer: 401 and 403 unless the
    /// contract lists 4xx statuses of its own.
    private static func unauthenticatedStatuses(
        _ list: JSONValue?, at pointer: JSONPointer, _ problems: inout [ContractProblem]
    ) -> Set<Int> {
        guard let list else { return [401, 403] }
        let numbers = list.arrayValue?.compactMap { $0.numberValue.flatMap { Int($0.description) } }
        if let numbers, numbers.count == list.arrayValue?.count,
            numbers.allSatisfy({ (400..<500).contains($0) })
        {
            return Set(numbers)
        }
        problems.append(
            ContractProblem("\"unauthenticatedStatuses\" must be a list of 4xx statuses", at: pointer))
        return [401, 403]
    }

    private static func scheme(
        named name: String, _ value: JSONValue, at pointer: JSONPointer, _ problems: inout [ContractProblem]
    ) -> ContractAuth.Scheme? {
        guard let object = value.objectValue, let type = object["type"]?.stringValue,
            let keys = schemeKeys[type]
        else {
            problems.append(
                ContractProblem(
                    "security scheme \"\(name)\" needs \"type\": \"bearer\", \"basic\", \"apiKey\" or \"unsupported\"",
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
        case "unsupported":
            let kind = text("scheme") ?? "an unsupported scheme"
            return ContractAuth.Scheme(
                name: name, kind: .unsupported(kind), credential: nil, pointer: pointer)
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
        values: [String: [ContractAuth.Requirement]], pointers: [String: JSONPointer]
    ) {
        var values: [String: [ContractAuth.Requirement]] = [:]
        var pointers: [String: JSONPointer] = [:]
        for (index, endpoint) in (document["endpoints"]?.arrayValue ?? []).enumerated() {
            guard let list = endpoint["security"], let id = endpoint["id"]?.stringValue else { continue }
            let pointer = JSONPointer(tokens: ["endpoints", String(index), "security"])
            values[id] = requirements(list, at: pointer, &problems)
            pointers[id] = pointer
        }
        return (values, pointers)
    }

    /// A `security` list: scheme names presented together (one requirement, `["token"]`), or
    /// alternatives, each a list of names (`[["token"], []]`: the token, or no credential at all).
    /// `[]` makes an endpoint public.
    private static func requirements(
        _ value: JSONValue, at pointer: JSONPointer, _ problems: inout [ContractProblem]
    ) -> [ContractAuth.Requirement] {
        guard let array = value.arrayValue else {
            problems.append(ContractProblem(Self.securityShape, at: pointer))
            return []
        }
        if array.allSatisfy({ $0.stringValue != nil }) {
            return array.isEmpty ? [] : [array.compactMap(\.stringValue)]
        }
        let alternatives = array.map { $0.arrayValue?.compactMap(\.stringValue) }
        guard
            alternatives.enumerated().allSatisfy({ index, names in
                names != nil && names?.count == array[index].arrayValue?.count
            })
        else {
            problems.append(ContractProblem(Self.securityShape, at: pointer))
            return []
        }
        return alternatives.compactMap { $0 }
    }

    private static let securityShape =
        "must be a list of security scheme names, or a list of alternatives, each a list of names"
}
