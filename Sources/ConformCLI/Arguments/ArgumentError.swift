/// What is wrong with a command line, as data: the option, the value given and what was expected.
/// `rendered(for:)` is the one place that turns it into words, so every command says the same
/// thing the same way, and every one of them exits 2.
enum ArgumentError: Error, Sendable, Equatable {
    /// `--concurency`: no such option (with the closest known name, if any).
    case unknownOption(String, suggestion: String?)
    /// `--timeout` at the end of the line, with no value after it.
    case missingValue(option: String, valueName: String)
    /// `--timeout abc`: the value does not parse. A secret value is never repeated back.
    case invalidValue(option: String, value: String, expected: String, isSecret: Bool)
    /// `--seed 1 --seed 2` for an option that takes one value.
    case repeated(option: String)
    /// `--quiet=yes`: a flag takes no value.
    case flagWithValue(option: String)
    /// A required positional argument is missing.
    case missingArgument(String)
    /// More positional arguments than the command takes.
    case unexpectedArgument(String)
    /// A required option (`validate --schema`) is missing.
    case missingOption(option: String, valueName: String)
    /// Two options that cannot go together (`--quiet` and `--verbose`).
    case exclusive(String, String, reason: String?)
    /// `--only listMneu`: a name the contract does not declare.
    case unknownName(option: String, value: String, among: String, suggestion: String?)

    /// One sentence for a person: what is wrong and, where a near name exists, what was meant.
    func message(command: String) -> String {
        switch self {
        case .unknownOption(let name, let suggestion):
            return "unknown option '\(name)' for 'conform \(command)'"
                + (suggestion.map { "; did you mean '--\($0)'?" } ?? "")
        case .missingValue(let option, let valueName):
            return "option '\(option)' needs a value <\(valueName)>"
        case .invalidValue(let option, let value, let expected, let isSecret):
            return "'\(option)' takes \(expected), not '\(isSecret ? "…" : value)'"
        case .repeated(let option):
            return "option '\(option)' is given more than once"
        case .flagWithValue(let option):
            return "option '\(option)' takes no value"
        case .missingArgument(let name):
            return "missing argument <\(name)> for 'conform \(command)'"
        case .unexpectedArgument(let value):
            return "unexpected argument '\(value)' for 'conform \(command)'"
        case .missingOption(let option, let valueName):
            return "missing option '\(option) <\(valueName)>'"
        case .exclusive(let first, let second, let reason):
            return "'\(first)' and '\(second)' exclude each other"
                + (reason.map { ": \($0)" } ?? "; choose one")
        case .unknownName(let option, let value, let among, let suggestion):
            return "'\(option)': '\(value)' is neither an endpoint id nor a tag of \(among)"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        }
    }

    /// The lines printed to standard error: the message and where to find the command's options.
    func rendered(for command: String) -> String {
        "error: \(message(command: command))\nRun 'conform \(command) --help' for its options."
    }
}
