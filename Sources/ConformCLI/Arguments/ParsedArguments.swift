/// A command line whose shape is checked: the raw values of each option, the flags given, and the
/// positionals. Values are read as typed values through the options' declarations.
struct ParsedArguments: Sendable {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    /// The typed value of `option`: its parsed value, or its default when absent.
    func value<Value>(of option: Option<Value>) throws(ArgumentError) -> Value {
        try option.read(values[option.declaration.name] ?? [])
    }

    /// Whether `flag` was given.
    func isSet(_ flag: Flag) -> Bool { flags.contains(flag.declaration.name) }

    /// Whether `option` was given at all (to tell an explicit value from the default).
    func isGiven<Value>(_ option: Option<Value>) -> Bool { values[option.declaration.name] != nil }
}
