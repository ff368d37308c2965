import ContractCompat
import Foundation
import Testing

/// The catalogue: ids unique, every rule documented in docs/compat.md, and the levels the issue
/// names as the established catalogue's.
@Suite("Rule catalogue")
struct RuleCatalogueTests {
    static let places = [
        "request-body", "request-property", "request-parameter", "request-parameter-property",
        "request-header-property", "response-body", "response-property", "response-header",
    ]

    @Test("every rule id is unique and documented, schema rules by their change")
    func documented() throws {
        let ids = RuleCatalogue.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        let docs = try String(
            contentsOf: SharedData.packageRoot.appendingPathComponent("docs/compat.md"), encoding: .utf8)
        for id in ids {
            let changes = Self.places.filter { id.hasPrefix($0 + "-") }.map {
                String(id.dropFirst($0.count + 1))
            }
            let found = docs.contains("`\(id)`") || changes.contains { docs.contains("| `\($0)` |") }
            #expect(found, "\(id) is not in docs/compat.md")
        }
    }

    @Test(
        "the levels the established catalogue gives",
        arguments: [
            ("api-removed-without-deprecation", CompatLevel.error),
            ("response-success-status-removed", .error),
            ("new-required-request-parameter", .error), ("new-required-request-property", .error),
            ("request-property-max-length-decreased", .error), ("request-property-type-changed", .error),
            ("request-property-pattern-added", .error), ("response-required-property-removed", .error),
            ("response-media-type-removed", .error), ("response-property-became-optional", .error),
            ("response-property-became-nullable", .error), ("response-property-type-changed", .error),
            ("response-property-enum-value-added", .warning),
            ("response-optional-property-removed", .warning),
            ("request-parameter-removed", .warning), ("endpoint-added", .info),
            ("new-optional-request-property", .info),
            ("response-optional-property-added", .info),
        ])
    func levels(_ id: String, _ level: CompatLevel) throws {
        #expect(try #require(RuleCatalogue.rule(id)).level == level)
    }

    @Test("every rule the version pairs name is in the catalogue")
    func pairsUseCatalogueRules() {
        for pair in PairCorpus.cases {
            for rule in [pair.rule].compactMap({ $0 }) + pair.also {
                #expect(RuleCatalogue.rule(rule) != nil, "\(pair.name): \(rule)")
            }
        }
    }
}
