import ConformHTTP
import ContractKit
import JSONSchema

/// The items the mock holds for its resources, for the life of the mock (or until
/// `POST /__conform/reset`). Each collection starts with its seed items, the ones its listing
/// generates, and keeps insertion order.
final class ResourceStore: Sendable {
    struct Entry: Sendable {
        var id: String
        var value: JSONValue
    }

    private struct State {
        var collections: [String: [Entry]] = [:]
        /// The ids removed from each collection and not stored again: a client that deleted an
        /// item must never see it succeed again, where an id the mock never held may be answered
        /// as a stateless mock would.
        var deleted: [String: Set<String>] = [:]
        var created = 0
    }

    private let state = Locked(State())

    /// Seeds a collection once, the first time it is used.
    func seedIfNeeded(_ collection: String, _ seeds: () -> [Entry]) {
        let needs = state.withLock { $0.collections[collection] == nil }
        guard needs else { return }
        let entries = seeds()
        state.withLock { current in
            if current.collections[collection] == nil { current.collections[collection] = entries }
        }
    }

    func item(_ collection: String, id: String) -> JSONValue? {
        state.withLock { $0.collections[collection]?.first { $0.id == id }?.value }
    }

    func items(_ collection: String) -> [Entry] {
        state.withLock { $0.collections[collection] ?? [] }
    }

    /// Stores an item, replacing the one with the same id.
    func store(_ collection: String, _ entry: Entry) {
        state.withLock { current in
            var entries = current.collections[collection] ?? []
            if let index = entries.firstIndex(where: { $0.id == entry.id }) {
                entries[index] = entry
            } else {
                entries.append(entry)
            }
            current.collections[collection] = entries
            current.deleted[collection]?.remove(entry.id)
        }
    }

    /// Whether the item was deleted (and not stored again since).
    func wasDeleted(_ collection: String, id: String) -> Bool {
        state.withLock { $0.deleted[collection]?.contains(id) == true }
    }

    /// Removes an item; false when there was none.
    func remove(_ collection: String, id: String) -> Bool {
        state.withLock { current in
            guard let index = current.collections[collection]?.firstIndex(where: { $0.id == id }) else {
                return false
            }
            current.collections[collection]?.remove(at: index)
            current.deleted[collection, default: []].insert(id)
            return true
        }
    }

    /// Records an id the mock never held as deleted (a stateless answer to its `DELETE` said so).
    func forget(_ collection: String, id: String) {
        state.withLock { $0.deleted[collection, default: []].insert(id) }
    }

    /// A number for the next created item, unique for the life of the store.
    func nextNumber() -> Int {
        state.withLock { current in
            current.created += 1
            return current.created
        }
    }

    /// Forgets every item; collections are seeded again on their next use.
    func reset() {
        state.withLock { $0 = State() }
    }
}
