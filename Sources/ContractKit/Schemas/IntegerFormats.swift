package import JSONSchema

/// Checks the ranges of the integer formats `int32` and `int64`, which JSON Schema leaves as
/// annotations but OpenAPI clients rely on: a server (and so the mock, and a request check) rejects
/// `2147483648` for an `int32` field.
package struct IntegerFormats {
    package let navigator: SchemaNavigator

    package init(navigator: SchemaNavigator) { self.navigator = navigator }

    /// The pointer of the first value outside its format's range, or nil.
    package func violation(
        _ value: JSONValue, schema: JSONValue?, at pointer: JSONPointer = .root, depth: Int = 0
    )
        -> String?
    {
        guard let schema, depth < 32 else { return nil }
        let resolved = navigator.resolve(schema)
        switch value {
        case .number(let number):
            guard let format = resolved["format"]?.stringValue else { return nil }
            let bounds: ClosedRange<Double>? =
                switch format {
                case "int32": -2_147_483_648...2_147_483_647
                case "int64": -9_223_372_036_854_775_808...9_223_372_036_854_775_807
                default: nil
                }
            guard let bounds, let double = Double(number.description) else { return nil }
            return bounds.contains(double)
                ? nil
                : "\(pointer.description.isEmpty ? "/" : pointer.description): \(number) is outside \(format)"
        case .object(let object):
            for (key, member) in object {
                if let problem = violation(
                    member, schema: navigator.property(key, of: resolved), at: pointer.appending(key),
                    depth: depth + 1)
                {
                    return problem
                }
            }
            return nil
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let problem = violation(
                    element, schema: navigator.element(index, of: resolved),
                    at: pointer.appending(String(index)),
                    depth: depth + 1)
                {
                    return problem
                }
            }
            return nil
        default:
            return nil
        }
    }
}
