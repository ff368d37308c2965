import ContractKit
import Foundation
import JSONSchema

/// What the fuzzer has learned from the server's answers, so valid requests reach real items and
/// invalid ones name items that cannot exist: every value of each captured variable's family, the
/// items of each resource that exist (created by Conform or listed by the server), those Conform
/// deleted, and values seen under a name in any answer.
struct LiveValues: Sendable {
    /// The path values that address one item: its id and, for a nested resource, its parent's.
    typealias Address = [String: JSONValue]

    /// The value each captured variable got from the contract's examples.
    var variables: [String: JSONValue] = [:]
    /// Every value of each captured variable's family (each `/items/*/id`, not only `/items/0/id`).
    var families: [String: [JSONValue]] = [:]
    /// Per resource name, the items known to exist, in the order they were learned.
    var items: [String: [Address]] = [:]
    /// Per resource name, the addresses with an empty id whose guessed listing succeeded (Jupyter's
    /// `/api/contents/`, the root folder): an item that holds others, where a request that acts
    /// inside an item (a `POST` creating a file in a folder) can be sent.
    var containers: [String: [Address]] = [:]
    /// Per resource name, items Conform deleted: their ids name nothing any more.
    var deleted: [String: [Address]] = [:]
    /// Items Conform created and has not deleted, to delete at the end, in creation order.
    var created: [(resource: String, address: Address)] = []
    /// Values seen in any answer under a property name (lowercased, without `_`).
    var seen: [String: [JSONValue]] = [:]
    /// References (URLs in answers) already fetched, so each is checked once per run.
    var checkedReferences: Set<String> = []
    /// Path shapes whose undeclared methods were probed.
    var probedPaths: Set<String> = []
    /// Whether the server read the run's wrong credential as an identity of its own: it answered a
    /// read of a story's item with 401 without credentials and 403 with the wrong one.
    var wrongCredentialIsAnIdentity = false

    /// The most values kept per name, so a huge listing does not grow the fuzzer without bound.
    static let keptPerName = 64

    mutating func learn(item address: Address, of resource: String) {
        guard !(items[resource] ?? []).contains(address) else { return }
        items[resource, default: []].append(address)
        deleted[resource]?.removeAll { $0 == address }
    }

    mutating func forget(item address: Address, of resource: String) {
        items[resource]?.removeAll { $0 == address }
        created.removeAll { $0.resource == resource && $0.address == address }
        if !(deleted[resource] ?? []).contains(address) { deleted[resource, default: []].append(address) }
    }

    mutating func created(_ address: Address, of resource: String) {
        learn(item: address, of: resource)
        created.append((resource, address))
    }

    /// Records every scalar of `body` under its property name, within ``AnswerWalk``'s bounds.
    mutating func observe(_ body: JSONValue) {
        AnswerWalk.scalars(of: body) { value, key in
            if case .string(let text) = value, text.contains("?") && text.contains("=") { observeLink(text) }
            guard let key else { return true }
            switch value {
            case .string, .number:
                let name = Self.normalized(key)
                var values = seen[name] ?? []
                if values.count < Self.keptPerName && !values.contains(value) { values.append(value) }
                seen[name] = values
            default: break
            }
            return true
        }
    }

    /// Records the query values of every link `text` holds (a URL, or a `Link` header's `<…>`
    /// parts): a page token or cursor is issued that way (Kinto's `Next-Page`), and a valid
    /// request may only carry one the server gave.
    mutating func observeLink(_ text: String) {
        let links =
            text.contains("<")
            ? text.split(separator: "<").compactMap { $0.split(separator: ">").first } : [text[...]]
        for link in links.prefix(8) {
            guard let query = link.split(separator: "?", maxSplits: 1).dropFirst().first else { continue }
            for pair in query.split(separator: "&").prefix(32) {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, !parts[1].isEmpty,
                    let name = String(parts[0]).removingPercentEncoding,
                    let value = String(parts[1]).replacingOccurrences(of: "+", with: " ")
                        .removingPercentEncoding
                else { continue }
                let key = Self.normalized(name)
                var values = seen[key] ?? []
                if values.count < Self.keptPerName && !values.contains(.string(value)) {
                    values.append(.string(value))
                }
                seen[key] = values
            }
        }
    }

    /// Values seen under any of `names`.
    func seenValues(named names: [String]) -> [JSONValue] {
        var values: [JSONValue] = []
        for name in names {
            for value in seen[Self.normalized(name)] ?? [] where !values.contains(value) {
                values.append(value)
            }
        }
        return values
    }

    static func normalized(_ name: String) -> String {
        name.lowercased().replacingOccurrences(of: "_", with: "").replacingOccurrences(of: "-", with: "")
    }
}
