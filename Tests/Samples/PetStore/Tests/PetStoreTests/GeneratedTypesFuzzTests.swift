import ContractTesting
import Foundation
import OpenAPIRuntime
import PetStoreAPI
import Testing

/// `CodableFuzzer` on the generated `Components.Schemas` types, decoding with the generated
/// client's own rules; every finding is replayed through the generated client.
@Suite("The generated types, fuzzed with the client's own decoding")
struct GeneratedTypesFuzzTests {
    static let fuzzer = try? CodableFuzzer(contractAt: ClientRules.description, cases: 60, seed: 3)

    /// Every stricter finding must make the real client throw, every looser one must decode.
    static func expectTrue(_ report: FuzzReport, configuration: Configuration) async {
        for finding in report.findings(.stricter) {
            await #expect(throws: (any Error).self, "\(finding.message)") {
                _ = try await ClientRules.getPet(answering: finding.payload, configuration: configuration)
            }
        }
        for finding in report.findings(.looser) {
            await #expect(throws: Never.self, "\(finding.message)") {
                _ = try await ClientRules.getPet(answering: finding.payload, configuration: configuration)
            }
        }
    }

    @Test("the runtime's default dates cannot read the fractional seconds the description allows")
    func defaultDates() async throws {
        let fuzzer = try #require(Self.fuzzer)
        let configuration = PetStoreAPI.clientConfiguration
        let report = fuzzer.fuzzDecoding(
            Components.Schemas.Pet.self, .schema("Pet"),
            decode: ClientRules.decode(Components.Schemas.Pet.self, with: configuration))
        #expect(report.typeName == "Components.Schemas.Pet")
        let dates = report.failures.filter { $0.pointer == JSONPointer("/createdAt") }
        #expect(!dates.isEmpty, "\(report)")
        #expect(
            dates.allSatisfy {
                $0.kind == .stricter && $0.message.hasPrefix("Components.Schemas.Pet is stricter")
            })
        #expect(
            dates.contains { $0.payload.contains(#"""# + "2024-02-29T23:59:59.999999+14:00" + #"""#) },
            "a fractional second is among them: \(report)")
        await Self.expectTrue(report, configuration: configuration)
    }

    @Test(
        "with an RFC 3339 date reader the generated types hold the description; what they accept beyond it is a warning"
    )
    func compatiblePair() async throws {
        let fuzzer = try #require(Self.fuzzer)
        let configuration = Configuration(dateTranscoder: RFC3339DateTranscoder())
        for report in [
            fuzzer.fuzzDecoding(
                Components.Schemas.Pet.self, .schema("Pet"),
                decode: ClientRules.decode(Components.Schemas.Pet.self, with: configuration)),
            fuzzer.fuzzDecoding(
                Components.Schemas.NewPet.self, .schema("NewPet"),
                decode: ClientRules.decode(Components.Schemas.NewPet.self, with: configuration)),
            fuzzer.fuzzDecoding(
                Components.Schemas.Owner.self, .schema("Owner"),
                decode: ClientRules.decode(Components.Schemas.Owner.self, with: configuration)),
        ] {
            #expect(report.failures.isEmpty, "\(report)")
        }
        let pet = fuzzer.fuzzDecoding(
            Components.Schemas.Pet.self, .schema("Pet"),
            decode: ClientRules.decode(Components.Schemas.Pet.self, with: configuration))
        #expect(pet.warnings.contains { $0.rule == .maxLength }, "a 41-character name decodes: \(pet)")
        await Self.expectTrue(pet, configuration: configuration)
    }

    @Test("the shipped types against the server's next description: each new value they cannot read")
    func nextVersion() async throws {
        let next = try CodableFuzzer(contractAt: ClientRules.next("openapi-v2.yaml"), cases: 60, seed: 3)
        let configuration = Configuration(dateTranscoder: RFC3339DateTranscoder())
        let report = next.fuzzDecoding(
            Components.Schemas.Pet.self, .schema("Pet"),
            decode: ClientRules.decode(Components.Schemas.Pet.self, with: configuration))
        let stricter = report.findings(.stricter)
        #expect(
            stricter.contains { $0.pointer == JSONPointer("/status") && $0.payload.contains(#""adopted""#) },
            "\(report)")
        #expect(
            stricter.contains { $0.pointer == JSONPointer("/name") && $0.payload.contains(#""name":null"#) },
            "\(report)")
        #expect(stricter.contains { $0.message.contains("createdAt") }, "\(report)")
        await Self.expectTrue(report, configuration: configuration)
    }
}
