/// What the parser and the help screen know of an option, whatever its value's type: its names,
/// whether it takes a value, and the default shown in `--help`.
struct OptionDeclaration: Sendable {
    /// The long name without dashes (`timeout` for `--timeout`).
    var name: String
    /// A one-letter form (`o` for `-o`), if any.
    var short: Character?
    /// The placeholder in help (`seconds`); nil for a flag.
    var valueName: String?
    var help: String
    var isRepeatable = false
    /// The default as `--help` shows it, rendered from the typed default; nil when there is none.
    var defaultText: String?
    /// Whether the value is a secret, never repeated back in an error.
    var isSecret = false

    var isFlag: Bool { valueName == nil }
    /// `--timeout`, as messages quote it.
    var spelled: String { "--\(name)" }
}
