import ContractKit
import JSONSchema
import Testing

@testable import ContractFuzz

/// Changed text is a loss unless the property's format or description lets a server normalise it.
@Suite struct TextNormalisationTests {
    static func comparison() -> StoredComparison {
        StoredComparison(navigator: SchemaNavigator(document: .null))
    }

    static func schema(_ members: [(String, JSONValue)]) -> JSONValue { .object(JSONObject(members)) }

    @Test("a title stored lowercased or trimmed is not the title sent")
    func plainTextIsKept() {
        let title = Self.schema([("type", "string")])
        #expect(!Self.comparison().equivalent("Buy Milk", "buy milk", schema: title))
        #expect(!Self.comparison().equivalent(" Buy Milk", "Buy Milk", schema: title))
        #expect(Self.comparison().equivalent("Buy Milk", "Buy Milk", schema: title))
    }

    @Test("an e-mail address, a host name, a URI's scheme and host and a UUID may change case")
    func formatsMayBeNormalised() {
        let comparison = Self.comparison()
        #expect(
            comparison.equivalent(
                "Ann@Example.com", "ann@example.com", schema: Self.schema([("format", "email")])))
        #expect(
            comparison.equivalent(
                "API.Example.com", "api.example.com", schema: Self.schema([("format", "hostname")])))
        #expect(
            comparison.equivalent(
                "HTTPS://Example.com/Path", "https://example.com/Path",
                schema: Self.schema([("format", "uri")])))
        #expect(
            !comparison.equivalent(
                "https://example.com/Path", "https://example.com/path",
                schema: Self.schema([("format", "uri")])))
        #expect(
            comparison.equivalent(
                "5E1D0C3A-7B2F-4C6D-8E9A-000000000001", "5e1d0c3a-7b2f-4c6d-8e9a-000000000001",
                schema: Self.schema([("format", "uuid")])))
    }

    @Test("a description that says the server normalises text allows it")
    func describedNormalisation() {
        let slug = Self.schema([("type", "string"), ("description", "A case-insensitive handle.")])
        #expect(Self.comparison().equivalent("Ann", "ann", schema: slug))
    }

    @Test("numbers by value, date-times by instant, arrays by the elements kept")
    func valuesAsAClientReadsThem() {
        let comparison = Self.comparison()
        #expect(
            comparison.equivalent(.number(JSONNumber(parsing: "1.50")!), .number(JSONNumber(parsing: "1.5")!))
        )
        #expect(comparison.equivalent("2031-02-11T10:20:30Z", "2031-02-11T11:20:30+01:00"))
        #expect(comparison.equivalent(.array(["b", "a"]), .array(["a", "b", "owner"])))
        #expect(!comparison.equivalent(.array(["a", "b"]), .array(["a"])))
    }
}
