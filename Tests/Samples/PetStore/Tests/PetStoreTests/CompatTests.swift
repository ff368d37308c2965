import ContractCompat
import ContractTesting
import OpenAPIRuntime
import PetStoreAPI
import Testing

/// `conform compat --clients codable` between the description the client was generated from and
/// the server's next one, each error replayed through the generated client.
@Suite("compat names what makes the generated client throw")
struct CompatTests {
    static func compare(_ next: String) async throws -> CompatReport {
        try await CompatCheck(options: CompatOptions(clients: .codable)).run(
            old: CompatSource(ClientRules.description), new: CompatSource(ClientRules.next(next)))
    }

    /// A pet the server's next version may send, one per breaking change, by rule.
    static let nextPayloads = [
        "response-property-enum-value-added":
            #"{"id": 1, "name": "Rex", "status": "adopted", "createdAt": "2024-01-01T00:00:00Z"}"#,
        "response-property-became-nullable":
            #"{"id": 1, "name": null, "status": "sold", "createdAt": "2024-01-01T00:00:00Z"}"#,
        "response-required-property-removed": #"{"id": 1, "name": "Rex", "status": "sold"}"#,
    ]

    @Test(
        "an enum value added, a property made nullable, a required one removed: each an error, each a throw")
    func breakingPair() async throws {
        let report = try await Self.compare("openapi-v2.yaml")
        // A change inside a shared schema is one finding at the schema, reaching each operation.
        let errors = report.changes.filter { change in
            change.level == .error
                && (change.operation?.id == "getPet" || change.reach.contains { $0.operation.id == "getPet" })
        }
        #expect(Set(errors.map(\.rule)) == Set(Self.nextPayloads.keys), "\(CompatText.render(report))")
        let enumChange = try #require(errors.first { $0.rule == "response-property-enum-value-added" })
        #expect(
            enumChange.codableEffect?.contains("`Components.Schemas.Pet.statusPayload`") == true,
            "\(enumChange.codableEffect ?? "")")
        let removed = try #require(errors.first { $0.rule == "response-required-property-removed" })
        #expect(removed.codableEffect?.contains("`Components.Schemas.Pet.createdAt`") == true)
        for (rule, payload) in Self.nextPayloads {
            await #expect(throws: (any Error).self, "\(rule)") {
                _ = try await ClientRules.getPet(
                    answering: payload, configuration: PetStoreAPI.clientConfiguration)
            }
        }
    }

    @Test("a compatible next version reports nothing that fails, and the client reads its pets")
    func compatiblePair() async throws {
        let report = try await Self.compare("openapi-v1.1.yaml")
        #expect(report.passes, "\(CompatText.render(report))")
        #expect(report.changes.allSatisfy { $0.level == .info })
        let pet = try await ClientRules.getPet(
            answering:
                #"{"id": 1, "name": "Rex", "status": "sold", "createdAt": "2024-01-01T00:00:00Z", "nickname": "R"}"#,
            configuration: PetStoreAPI.clientConfiguration)
        #expect(pet.name == "Rex")
    }
}
