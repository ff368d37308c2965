extension Set<String> {
    /// Inserts and returns `base`, or the first of `base_2`, `base_3`, … not yet in the set: one
    /// way to name hoisted schemas, converted operations and the like without a collision.
    package mutating func insertUnique(_ base: String, separator: String = "_") -> String {
        var name = base
        var counter = 2
        while contains(name) {
            name = base + separator + String(counter)
            counter += 1
        }
        insert(name)
        return name
    }
}
