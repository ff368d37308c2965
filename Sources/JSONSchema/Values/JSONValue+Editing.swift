extension JSONValue {
    /// A copy with the value at `pointer` replaced (or removed when `newValue` is nil).
    ///
    /// Mutations, bound fuzz values, mock filters and injected faults are all local edits of a
    /// document; a pointer that does not exist in it leaves it unchanged.
    public func replacing(at pointer: JSONPointer, with newValue: JSONValue?) -> JSONValue {
        replacing(tokens: pointer.tokens[...], with: newValue)
    }

    private func replacing(tokens: ArraySlice<String>, with newValue: JSONValue?) -> JSONValue {
        guard let token = tokens.first else { return newValue ?? self }
        let rest = tokens.dropFirst()
        switch self {
        case .object(var object):
            if rest.isEmpty {
                object[token] = newValue
            } else if let child = object[token] {
                object[token] = child.replacing(tokens: rest, with: newValue)
            }
            return .object(object)
        case .array(var elements):
            guard let index = JSONPointer.arrayIndex(token), elements.indices.contains(index) else {
                return self
            }
            if rest.isEmpty {
                if let newValue { elements[index] = newValue } else { elements.remove(at: index) }
            } else {
                elements[index] = elements[index].replacing(tokens: rest, with: newValue)
            }
            return .array(elements)
        default:
            return self
        }
    }
}
