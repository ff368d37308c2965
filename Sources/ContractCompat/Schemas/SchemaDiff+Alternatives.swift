import JSONSchema

extension SchemaDiff {
    /// One alternative of a `oneOf`/`anyOf` (or a plain schema standing for the one alternative it
    /// had or gained), with the name it is reported under.
    private struct Option {
        var parts: [SchemaPart]
        var view: SchemaView
        var name: String
        var value: [JSONValue] { parts.map(\.value) }
    }

    /// Alternatives added and removed, and the changes inside those that are kept. Alternatives are
    /// matched by the schema they name, then by equal content, then by shape.
    mutating func compareAlternatives(
        _ oldParts: [SchemaPart], _ oldView: SchemaView, _ newParts: [SchemaPart], _ newView: SchemaView
    ) -> [SchemaDelta] {
        let composition = newView.alternatives?.composition ?? oldView.alternatives?.composition ?? .oneOf
        let oldOptions = options(oldParts, oldView, reader: old)
        let newOptions = options(newParts, newView, reader: new)
        let pairs = Self.match(oldOptions, newOptions)
        var deltas: [SchemaDelta] = []
        for (index, option) in oldOptions.enumerated() where !pairs.keys.contains(index) {
            deltas.append(
                SchemaDelta(
                    fact: .alternativeRemoved(composition, name: option.name), path: [],
                    old: option.parts.first?.pointer, new: nil))
        }
        let matched = Set(pairs.values)
        for (index, option) in newOptions.enumerated() where !matched.contains(index) {
            deltas.append(
                SchemaDelta(
                    fact: .alternativeAdded(composition, name: option.name), path: [], old: nil,
                    new: option.parts.first?.pointer))
        }
        for (oldIndex, newIndex) in pairs.sorted(by: { $0.key < $1.key }) {
            let segment = "\(composition.rawValue)[\(newOptions[newIndex].name)]"
            deltas += compare(oldOptions[oldIndex].parts, newOptions[newIndex].parts).map {
                $0.nested(in: segment, readOnly: false, writeOnly: false)
            }
        }
        return deltas
    }

    private func options(_ parts: [SchemaPart], _ view: SchemaView, reader: SchemaReader) -> [Option] {
        guard let alternatives = view.alternatives else {
            return [Option(parts: parts, view: view, name: view.name ?? view.title ?? "the former schema")]
        }
        return alternatives.parts.enumerated().map { index, parts in
            let view = reader.view(of: parts)
            return Option(parts: parts, view: view, name: view.name ?? view.title ?? "#\(index + 1)")
        }
    }

    /// Old index → new index for every alternative kept.
    private static func match(_ old: [Option], _ new: [Option]) -> [Int: Int] {
        var pairs: [Int: Int] = [:]
        var taken = Set<Int>()
        func pair(_ rule: (Option, Option) -> Bool) {
            for (oldIndex, option) in old.enumerated() where pairs[oldIndex] == nil {
                if let newIndex = new.indices.first(where: { !taken.contains($0) && rule(option, new[$0]) }) {
                    pairs[oldIndex] = newIndex
                    taken.insert(newIndex)
                }
            }
        }
        pair { $0.view.name != nil && $0.view.name == $1.view.name }
        pair { $0.value == $1.value }
        let oldLeft = old.indices.filter { pairs[$0] == nil }
        let newLeft = new.indices.filter { !taken.contains($0) }
        if oldLeft.count == newLeft.count {
            for (oldIndex, newIndex) in zip(oldLeft, newLeft)
            where old[oldIndex].view.name == nil || new[newIndex].view.name == nil {
                pairs[oldIndex] = newIndex
            }
        } else if old.count == 1 || new.count == 1 {
            // A schema wrapped in alternatives (or unwrapped) is the one alternative of its shape.
            pair {
                $0.view.kinds == nil || $1.view.kinds == nil
                    || !($0.view.kinds ?? []).isDisjoint(with: $1.view.kinds ?? [])
            }
        }
        return pairs
    }
}
