/// An option declared once with its typed value: name, help, default (typed, shown in `--help`
/// from the value itself) and how a value given on the command line becomes a `Value`.
///
/// A command keeps its options as static constants and reads them from `ParsedArguments`:
/// ```swift
/// static let timeout = Option<Duration>.seconds("timeout", help: "…", default: TargetSettings.defaultTimeout)
/// let timeout = try parsed.value(of: timeout)   // Duration, never a string
/// ```
struct Option<Value: Sendable>: Sendable {
    let declaration: OptionDeclaration
    /// Turns every occurrence of the option, in order (none when absent), into the value.
    let read: @Sendable ([String]) throws(ArgumentError) -> Value

    /// An option that takes one value, `defaultValue` when absent.
    /// - Parameters:
    ///   - expected: what a good value looks like, for the error (`a number from 1 to 256`).
    ///   - show: the default as `--help` shows it; nil shows none.
    ///   - parse: the value, or nil when the text is not one. Where `Value` is itself optional,
    ///     a good value must come back as `.some(value)`: a bare `T?` result of nil would be
    ///     promoted to `.some(nil)` and read as "absent" instead of "invalid".
    init(
        _ name: String, short: Character? = nil, valueName: String, help: String, default defaultValue: Value,
        show: (Value) -> String? = { _ in nil }, expected: String, isSecret: Bool = false,
        parse: @escaping @Sendable (String) -> Value?
    ) {
        let declaration = OptionDeclaration(
            name: name, short: short, valueName: valueName, help: help, defaultText: show(defaultValue),
            isSecret: isSecret)
        self.declaration = declaration
        read = { values throws(ArgumentError) in
            guard let text = values.last else { return defaultValue }
            guard let value = parse(text) else {
                throw .invalidValue(
                    option: declaration.spelled, value: text, expected: expected, isSecret: isSecret)
            }
            return value
        }
    }

    private init(
        declaration: OptionDeclaration, read: @escaping @Sendable ([String]) throws(ArgumentError) -> Value
    ) {
        self.declaration = declaration
        self.read = read
    }

    /// A repeatable option: every occurrence parsed, in order (`--header A: 1 --header B: 2`).
    static func repeatable<Element: Sendable>(
        _ name: String, valueName: String, help: String, expected: String, isSecret: Bool = false,
        parse: @escaping @Sendable (String) -> Element?
    ) -> Option<[Element]> where Value == [Element] {
        let declaration = OptionDeclaration(
            name: name, valueName: valueName, help: help, isRepeatable: true, isSecret: isSecret)
        return Option(declaration: declaration) { values throws(ArgumentError) in
            var elements: [Element] = []
            for text in values {
                guard let element = parse(text) else {
                    throw .invalidValue(
                        option: declaration.spelled, value: text, expected: expected, isSecret: isSecret)
                }
                elements.append(element)
            }
            return elements
        }
    }
}

/// An option without a value: present or not.
struct Flag: Sendable {
    let declaration: OptionDeclaration

    init(_ name: String, help: String) {
        declaration = OptionDeclaration(name: name, valueName: nil, help: help)
    }
}
