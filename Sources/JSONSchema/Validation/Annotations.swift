/// The annotations `unevaluatedItems` and `unevaluatedProperties` depend on: which array items
/// and object members earlier keywords (including passing in-place subschemas) evaluated.
///
/// Only collected beneath schemas that use `unevaluated*`, so other schemas pay nothing.
struct Annotations {
    var allItems = false
    var itemPrefix = 0
    var itemIndices: Set<Int> = []
    var properties: Set<String> = []

    mutating func merge(_ other: Annotations) {
        allItems = allItems || other.allItems
        itemPrefix = max(itemPrefix, other.itemPrefix)
        if !other.itemIndices.isEmpty { itemIndices.formUnion(other.itemIndices) }
        if !other.properties.isEmpty { properties.formUnion(other.properties) }
    }

    func isItemEvaluated(_ index: Int) -> Bool {
        allItems || index < itemPrefix || itemIndices.contains(index)
    }
}
