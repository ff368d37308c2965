import JSONSchema

/// Collects warnings while a document is converted, each once: a path item's parameters are read
/// for every operation of the path, but a problem with one is reported a single time.
struct OpenAPIWarningLog {
    private(set) var warnings: [OpenAPIWarning] = []
    private var seen = Set<OpenAPIWarning>()

    mutating func warn(_ message: String, at pointer: JSONPointer) {
        let warning = OpenAPIWarning(message, at: pointer)
        if seen.insert(warning).inserted { warnings.append(warning) }
    }

    /// A slip of the description read the way its author meant: a warning, an error with `--strict`.
    mutating func slip(_ message: String, at pointer: JSONPointer) {
        let warning = OpenAPIWarning(message, at: pointer, isSlip: true)
        if seen.insert(warning).inserted { warnings.append(warning) }
    }

    mutating func append(_ warning: OpenAPIWarning) {
        if seen.insert(warning).inserted { warnings.append(warning) }
    }
}
