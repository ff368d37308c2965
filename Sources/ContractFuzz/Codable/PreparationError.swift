import JSONSchema

/// Why a target cannot be fuzzed.
enum PreparationError: Error, CustomStringConvertible {
    case target(FuzzTargetError)
    case schema(JSONPointer, SchemaError)

    var description: String {
        switch self {
        case .target(let error): return error.description
        case .schema(let pointer, let error):
            return "the contract's schema at \(pointer.displayText) cannot be used: \(error)"
        }
    }
}
