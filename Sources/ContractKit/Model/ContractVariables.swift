public import JSONSchema

/// The values a contract takes from outside: `{{env.NAME}}` from the environment and
/// `{{var.NAME}}` from the command line (`--var NAME=VALUE`), so a contract can hold a token or a
/// tenant id without the value being written into it.
///
/// `resolve(_:)` fills them in every example (parameters, headers, bodies, assertions) and in the
/// credentials of `auth` before anything is sent, and fails with every missing name at once. The
/// values of `env` variables are secrets: `secrets(for:)` lists them so output masks them; `var`
/// values are shown unless named with `--secret-var`.
public struct ContractVariables: Sendable {
    /// The process environment (or a stand-in in tests).
    public var environment: [String: String]
    /// `--var NAME=VALUE` and `--secret-var NAME=VALUE`.
    public var values: [String: String]
    /// The names among `values` whose values must be masked.
    public var secretNames: Set<String>

    public init(
        environment: [String: String] = [:], values: [String: String] = [:], secretNames: Set<String> = []
    ) {
        self.environment = environment
        self.values = values
        self.secretNames = secretNames
    }

    /// Variables the contract uses that have no value, with the place of the first use.
    public struct Missing: Error, Sendable, CustomStringConvertible {
        public var problems: [ContractProblem]
        public var description: String { problems.map(\.description).joined(separator: "\n") }
    }

    /// The value of an external variable (`env.NAME` or `var.NAME`), if it has one.
    public func value(of name: String) -> String? {
        if name.hasPrefix("env.") { return environment[String(name.dropFirst(4))] }
        if name.hasPrefix("var.") { return values[String(name.dropFirst(4))] }
        return nil
    }

    /// Every external variable `contract` uses, each with the pointer of its first use.
    public static func uses(in contract: Contract) -> [(name: String, pointer: JSONPointer)] {
        var seen = Set<String>()
        var found: [(String, JSONPointer)] = []
        func note(_ value: JSONValue, _ pointer: JSONPointer) {
            for name in Template.variables(in: value).sorted() where Template.isExternal(name) {
                if seen.insert(name).inserted { found.append((name, pointer)) }
            }
        }
        if let auth = contract.auth {
            for scheme in auth.schemes { note(scheme.credentialTemplate, scheme.pointer) }
        }
        for endpoint in contract.endpoints {
            for example in endpoint.examples {
                for name in example.usedVariables.sorted() where Template.isExternal(name) {
                    if seen.insert(name).inserted { found.append((name, example.pointer)) }
                }
            }
        }
        return found
    }

    /// The values that output must mask: every `env` value the contract uses, and the `var`
    /// values named secret.
    public func secrets(for contract: Contract) -> [String] {
        var secrets: [String] = []
        for use in Self.uses(in: contract) {
            guard let value = value(of: use.name), !value.isEmpty else { continue }
            if use.name.hasPrefix("env.") || secretNames.contains(String(use.name.dropFirst(4))) {
                secrets.append(value)
            }
        }
        return secrets
    }

    /// `contract` with every `{{env.…}}` and `{{var.…}}` filled; fails, before anything is sent,
    /// naming every variable without a value and where the contract uses it.
    public func resolve(_ contract: Contract) throws(Missing) -> Contract {
        var scope: [String: JSONValue] = [:]
        var problems: [ContractProblem] = []
        for use in Self.uses(in: contract) {
            if let value = value(of: use.name) {
                scope[use.name] = .string(value)
                continue
            }
            let bare = String(use.name.dropFirst(4))
            let fix =
                use.name.hasPrefix("env.")
                ? "\(bare) is not set in the environment; export \(bare)=… before running"
                : "pass --var \(bare)=VALUE (or --secret-var \(bare)=VALUE to mask it)"
            problems.append(
                ContractProblem(
                    "{{\(use.name)}} has no value: \(fix)", at: use.pointer,
                    position: contract.sourceMap.keyPosition(of: use.pointer), file: contract.file))
        }
        guard problems.isEmpty else { throw Missing(problems: problems) }
        guard !scope.isEmpty else { return contract }
        var resolved = contract
        do {
            for endpointIndex in resolved.endpoints.indices {
                for exampleIndex in resolved.endpoints[endpointIndex].examples.indices {
                    try Self.fill(&resolved.endpoints[endpointIndex].examples[exampleIndex], scope)
                }
            }
            if var auth = resolved.auth {
                for index in auth.schemes.indices {
                    try auth.schemes[index].fill(scope)
                }
                resolved.auth = auth
            }
        } catch {
            throw Missing(problems: [
                ContractProblem("{{\(error.name)}} has no value", at: .root, file: contract.file)
            ])
        }
        return resolved
    }

    private static func fill(_ example: inout Example, _ scope: [String: JSONValue]) throws(Template
        .MissingVariable)
    {
        func each(_ list: [(name: String, value: JSONValue)]) throws(Template.MissingVariable) -> [(
            name: String, value: JSONValue
        )] {
            var result: [(name: String, value: JSONValue)] = []
            for entry in list {
                result.append((entry.name, try Template.substituteExternal(entry.value, scope)))
            }
            return result
        }
        example.pathParameters = try each(example.pathParameters)
        example.query = try each(example.query)
        example.headers = try each(example.headers)
        if let body = example.body { example.body = try Template.substituteExternal(body, scope) }
        if let raw = example.rawBody { example.rawBody = try Template.substituteExternal(raw, scope) }
        for index in example.assertions.indices {
            switch example.assertions[index].operation {
            case .equals(let value):
                example.assertions[index].operation = .equals(try Template.substituteExternal(value, scope))
            case .oneOf(let value):
                example.assertions[index].operation = .oneOf(try Template.substituteExternal(value, scope))
            case .matches(let pattern):
                example.assertions[index].operation = .matches(
                    try Template.substituteExternal(pattern, scope))
            case .notEmpty, .unique, .exists:
                break
            }
        }
    }
}
