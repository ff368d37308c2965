import ContractKit

/// A small argument parser in the spirit of swift-argument-parser, with no dependency: a command
/// declares its positionals and typed options once (`Option`, `Flag`); `parse` checks the shape of
/// the command line (unknown options, missing values, repeats) and keeps the raw values, which the
/// command then reads as typed values through the same declarations. Every problem is an
/// `ArgumentError`.
struct ArgumentParser: Sendable {
    struct Positional: Sendable {
        var name: String
        var help: String
        var isRepeatable = false
        var isOptional = false
    }

    var command: String
    var overview: String
    var positionals: [Positional]
    var options: [OptionDeclaration]

    func parse(_ arguments: [String]) throws(ArgumentError) -> ParsedArguments {
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
            guard let option = declaration(spelled: name) else {
                throw .unknownOption(name, suggestion: closestOption(to: name))
            }
            if option.isFlag {
                if inlineValue != nil { throw .flagWithValue(option: option.spelled) }
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
                throw .missingValue(option: option.spelled, valueName: option.valueName ?? "value")
            }
            if !option.isRepeatable, parsed.values[option.name] != nil {
                throw .repeated(option: option.spelled)
            }
            parsed.values[option.name, default: []].append(value)
        }
        let required = positionals.filter { !$0.isOptional }
        if parsed.positionals.count < required.count {
            throw .missingArgument(required[parsed.positionals.count].name)
        }
        if !positionals.contains(where: \.isRepeatable), parsed.positionals.count > positionals.count {
            throw .unexpectedArgument(parsed.positionals[positionals.count])
        }
        return parsed
    }

    private func declaration(spelled name: String) -> OptionDeclaration? {
        options.first { option in
            option.spelled == name || option.short.map { "-\($0)" == name } == true
        }
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
            var left = option.short.map { "-\($0), " } ?? ""
            left += option.spelled
            if let valueName = option.valueName { left += " <\(valueName)>" }
            var text = option.help
            if option.isRepeatable { text += " (repeatable)" }
            if let defaultText = option.defaultText { text += " (default: \(defaultText))" }
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

    /// Where a command starts: its typed arguments, or the exit code to return at once.
    enum Start<Arguments> {
        case ready(Arguments)
        case exit(ExitCode)

        /// The code to exit with when the command cannot go on (`.success` when it is ready).
        var exitCode: ExitCode {
            guard case .exit(let code) = self else { return .success }
            return code
        }
    }

    /// The common start of every command: prints help and exits 0 for `--help`; else parses and
    /// reads the typed arguments with `read`, or prints the error (in the one wording of
    /// `ArgumentError`) and exits 2.
    func start<Arguments>(
        _ arguments: [String], helpExtra: String?, console: Console,
        read: (ParsedArguments) throws(ArgumentError) -> Arguments
    ) -> Start<Arguments> {
        if Self.wantsHelp(arguments) {
            console.out(help(extra: helpExtra))
            return .exit(.success)
        }
        do throws(ArgumentError) {
            return .ready(try read(try parse(arguments)))
        } catch {
            console.err(error.rendered(for: command))
            return .exit(.usageOrContractError)
        }
    }
}
