import ContractKit

/// A small argument parser: long options with values (`--port 8080` or `--port=8080`), repeatable
/// options, flags and positionals, with errors that say what was expected and a did-you-mean.
struct ArgumentParser {
    struct Option: Sendable {
        var name: String
        var valueName: String?
        var help: String
        var isRepeatable = false
        var defaultValue: String?
        var isFlag: Bool { valueName == nil }
    }

    struct Positional: Sendable {
        var name: String
        var help: String
        var isRepeatable = false
        var isOptional = false
    }

    struct ParsedArguments: Sendable {
        var values: [String: [String]] = [:]
        var flags: Set<String> = []
        var positionals: [String] = []

        func value(_ name: String) -> String? { values[name]?.last }
        func all(_ name: String) -> [String] { values[name] ?? [] }
        func has(_ name: String) -> Bool { flags.contains(name) }
    }

    struct UsageError: Error, Sendable, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    var command: String
    var overview: String
    var positionals: [Positional]
    var options: [Option]

    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = options.first(where: { "--\($0.name)" == name }) else {
                var message = "unknown option '\(name)' for 'conform \(command)'"
                if let suggestion = closestOption(to: name) { message += "; did you mean '--\(suggestion)'?" }
                throw UsageError(message: message)
            }
            if option.isFlag {
                if inlineValue != nil {
                    throw UsageError(message: "option '--\(option.name)' takes no value")
                }
                parsed.flags.insert(option.name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError(
                    message: "option '--\(option.name)' needs a value <\(option.valueName ?? "value")>")
            }
            if !option.isRepeatable, parsed.values[option.name] != nil {
                throw UsageError(message: "option '--\(option.name)' is given more than once")
            }
            parsed.values[option.name, default: []].append(value)
        }
        let required = positionals.filter { !$0.isOptional }
        if parsed.positionals.count < required.count {
            let missing = required[parsed.positionals.count]
            throw UsageError(message: "missing argument <\(missing.name)> for 'conform \(command)'")
        }
        if !positionals.contains(where: \.isRepeatable), parsed.positionals.count > positionals.count {
            throw UsageError(
                message:
                    "unexpected argument '\(parsed.positionals[positionals.count])' for 'conform \(command)'")
        }
        return parsed
    }

    private func closestOption(to name: String) -> String? {
        let bare = String(name.drop(while: { $0 == "-" }))
        return Suggestion.closest(to: bare, in: options.map(\.name) + ["help"])
    }

    /// The help screen: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, with defaults shown.
    func help(extra: String? = nil) -> String {
        var lines = ["OVERVIEW: \(overview)", ""]
        var usage = "USAGE: conform \(command)"
        for positional in positionals {
            let name = "<\(positional.name)>" + (positional.isRepeatable ? " ..." : "")
            usage += positional.isOptional ? " [\(name)]" : " \(name)"
        }
        if !options.isEmpty { usage += " [options]" }
        lines.append(usage)
        if !positionals.isEmpty {
            lines += ["", "ARGUMENTS:"]
            for positional in positionals { lines.append(Self.row("<\(positional.name)>", positional.help)) }
        }
        lines += ["", "OPTIONS:"]
        for option in options {
            var left = "--\(option.name)"
            if let valueName = option.valueName { left += " <\(valueName)>" }
            var text = option.help
            if option.isRepeatable { text += " (repeatable)" }
            if let defaultValue = option.defaultValue { text += " (default: \(defaultValue))" }
            lines.append(Self.row(left, text))
        }
        lines.append(Self.row("-h, --help", "Show this help."))
        if let extra { lines += ["", extra] }
        return lines.joined(separator: "\n")
    }

    private static func row(_ left: String, _ right: String) -> String {
        let padded =
            left.count < 28
            ? left + String(repeating: " ", count: 28 - left.count)
            : left + "\n" + String(repeating: " ", count: 30)
        return "  " + padded + right
    }
}

extension ArgumentParser {
    /// Whether the arguments ask for the help screen (`--help` or `-h`, before any `--`).
    static func wantsHelp(_ arguments: [String]) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "--help" || argument == "-h" { return true }
        }
        return false
    }

    /// Parses, or prints the usage error and returns nil.
    func parseOrReport(_ arguments: [String], console: Console) -> ParsedArguments? {
        do {
            return try parse(arguments)
        } catch {
            console.err("error: \(error.message)\nRun 'conform \(command) --help' for its options.")
            return nil
        }
    }
}
