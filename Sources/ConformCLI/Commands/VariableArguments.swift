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

    static let options: [ArgumentParser.Option] = [
        .init(
            name: "var", valueName: "name=value",
            help: "A value for {{var.name}} in the contract (shown in output).", isRepeatable: true),
        .init(
            name: "secret-var", valueName: "name=value",
            help: "A value for {{var.name}}, masked in every output.", isRepeatable: true),
        .init(
            name: "auth", valueName: "scheme=credential",
            help:
                "The credential of a security scheme (a token, an API key, or user:password for basic); masked.",
            isRepeatable: true),
    ]

    /// Resolves, or prints every problem (with file:line:column) and returns nil.
    static func resolve(
        _ contract: Contract, parsed: ArgumentParser.ParsedArguments, environment: [String: String],
        console: Console
    ) -> VariableArguments? {
        var values: [String: String] = [:]
        var secretNames = Set<String>()
        var secrets: [String] = []
        for (option, secret) in [("var", false), ("secret-var", true)] {
            for entry in parsed.all(option) {
                guard let (name, value) = pair(entry) else {
                    console.err("error: '--\(option)' takes NAME=VALUE, not '\(mask(entry, secret))'")
                    return nil
                }
                values[name] = value
                if secret {
                    secretNames.insert(name)
                    secrets.append(value)
                }
            }
        }
        var contract = contract
        for entry in parsed.all("auth") {
            guard let (name, value) = pair(entry) else {
                console.err("error: '--auth' takes SCHEME=CREDENTIAL, not '\(mask(entry, true))'")
                return nil
            }
            let schemes = contract.auth?.schemes.map(\.name) ?? []
            guard contract.auth?.setCredential(value, forScheme: name) == true else {
                var message =
                    schemes.isEmpty
                    ? "error: '--auth \(name)=…': \(contract.name) declares no security schemes"
                    : "error: '--auth \(name)=…': no security scheme \"\(name)\" (declared: \(schemes.joined(separator: ", ")))"
                if let suggestion = Suggestion.closest(to: name, in: schemes) {
                    message += "; did you mean '\(suggestion)'?"
                }
                console.err(message)
                return nil
            }
            secrets.append(value)
        }
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
            secrets.append(credential)
            if scheme.kind == .basic {
                secrets.append(String(credential.split(separator: ":", maxSplits: 1).last ?? ""))
            }
        }
        let headers = resolved.auth?.schemes.compactMap(\.headerName) ?? []
        return VariableArguments(
            contract: resolved, secrets: secrets.filter { $0.count >= 3 }, secretHeaders: headers)
    }

    private static func pair(_ entry: String) -> (String, String)? {
        guard let equals = entry.firstIndex(of: "="), equals != entry.startIndex else { return nil }
        return (String(entry[..<equals]), String(entry[entry.index(after: equals)...]))
    }

    private static func mask(_ entry: String, _ secret: Bool) -> String { secret ? "…" : entry }
}
