import ContractKit

/// `--var`, `--secret-var` and `--auth`: fills a contract's `{{env.…}}` and `{{var.…}}` and its
/// credentials before anything is sent, and lists the values output must mask.
struct VariableArguments {
    /// The contract with every variable and credential filled.
    var contract: Contract
    /// Values to mask in every output: the environment's values the contract uses, secret vars and
    /// credentials.
    var secrets: [String]
    /// Headers that carry credentials (an API key's header), masked by name too.
    var secretHeaders: [String]

    /// A `NAME=VALUE` pair given on the command line.
    struct Pair: Sendable {
        var name: String
        var value: String

        static func parse(_ entry: String) -> Pair? {
            guard let equals = entry.firstIndex(of: "="), equals != entry.startIndex else { return nil }
            return Pair(name: String(entry[..<equals]), value: String(entry[entry.index(after: equals)...]))
        }
    }

    /// What the command line gives: `--var`, `--secret-var` and `--auth` values, checked for shape.
    struct Given: Sendable {
        var values: [Pair]
        var secretValues: [Pair]
        var credentials: [Pair]

        init(_ parsed: ParsedArguments) throws(ArgumentError) {
            values = try parsed.value(of: VariableArguments.variable)
            secretValues = try parsed.value(of: VariableArguments.secretVariable)
            credentials = try parsed.value(of: VariableArguments.auth)
        }
    }

    static let variable = Option<[Pair]>.repeatable(
        "var", valueName: "name=value", help: "A value for {{var.name}} in the contract (shown in output).",
        expected: "NAME=VALUE", parse: Pair.parse)
    static let secretVariable = Option<[Pair]>.repeatable(
        "secret-var", valueName: "name=value", help: "A value for {{var.name}}, masked in every output.",
        expected: "NAME=VALUE", isSecret: true, parse: Pair.parse)
    static let auth = Option<[Pair]>.repeatable(
        "auth", valueName: "scheme=credential",
        help:
            "The credential of a security scheme (a token, an API key, or user:password for basic); masked.",
        expected: "SCHEME=CREDENTIAL", isSecret: true, parse: Pair.parse)

    static let declarations = [variable.declaration, secretVariable.declaration, auth.declaration]

    /// The contract with each `--auth` credential set on its scheme, or nil after naming an unknown
    /// scheme (with a did-you-mean). `run`, `fuzz` and `mock` share it, so the embedded and the
    /// standalone mock accept the same credential the run sends.
    static func settingCredentials(_ credentials: [Pair], in contract: Contract, console: Console)
        -> Contract?
    {
        var contract = contract
        for pair in credentials {
            let schemes = contract.auth?.schemes.map(\.name) ?? []
            if let scheme = contract.auth?.schemes.first(where: { $0.name == pair.name }),
                case .unsupported(let kind) = scheme.kind
            {
                console.err(
                    "error: '--auth \(pair.name)=…': Conform cannot present \(kind) credentials; pass them with --header"
                )
                return nil
            }
            guard contract.auth?.setCredential(pair.value, forScheme: pair.name) == true else {
                var message =
                    schemes.isEmpty
                    ? "error: '--auth \(pair.name)=…': \(contract.name) declares no security schemes"
                    : "error: '--auth \(pair.name)=…': no security scheme \"\(pair.name)\" (declared: \(schemes.joined(separator: ", ")))"
                if let suggestion = Suggestion.closest(to: pair.name, in: schemes) {
                    message += "; did you mean '\(suggestion)'?"
                }
                console.err(message)
                return nil
            }
        }
        return contract
    }

    /// Resolves, or prints every problem (with file:line:column) and returns nil.
    static func resolve(
        _ contract: Contract, given: Given, environment: [String: String],
        console: Console
    ) -> VariableArguments? {
        var values: [String: String] = [:]
        var secretNames = Set<String>()
        var secrets: [String] = []
        for pair in given.values { values[pair.name] = pair.value }
        for pair in given.secretValues {
            values[pair.name] = pair.value
            secretNames.insert(pair.name)
            secrets.append(pair.value)
        }
        guard let contract = settingCredentials(given.credentials, in: contract, console: console) else {
            return nil
        }
        secrets += given.credentials.map(\.value)
        let variables = ContractVariables(environment: environment, values: values, secretNames: secretNames)
        let resolved: Contract
        do {
            resolved = try variables.resolve(contract)
        } catch {
            for problem in error.problems { console.err(problem.description) }
            return nil
        }
        secrets += variables.secrets(for: contract)
        for scheme in resolved.auth?.schemes ?? [] {
            guard let credential = scheme.credential else { continue }
            secrets += scheme.maskedTexts(of: credential)
        }
        let headers = resolved.auth?.schemes.compactMap(\.headerName) ?? []
        return VariableArguments(
            contract: resolved, secrets: secrets.filter { $0.count >= 3 }, secretHeaders: headers)
    }
}
