import JSONSchema
import Testing

@testable import ContractFuzz

@Suite("Malformed bodies")
struct MalformedBodyTests {
    static let valid: JSONValue = ["id": 7, "name": "Soup"]

    @Test(
        "strict parsing rejects the syntactically invalid bodies",
        arguments: MalformedBody.allCases.filter(\.isSyntacticallyInvalid))
    func rejected(body: MalformedBody) {
        let bytes = body.bytes(from: Self.valid)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(bytes) }
    }

    @Test("bodies are deterministic and named", arguments: [Self.valid, [1, 2], "text", [:]] as [JSONValue])
    func deterministic(valid: JSONValue) {
        let first = MalformedBody.all(from: valid)
        #expect(first.map(\.name) == MalformedBody.allCases.map(\.rawValue))
        #expect(first.map(\.bytes) == MalformedBody.all(from: valid).map(\.bytes))
    }

    @Test("specific bodies have the promised shape")
    func shapes() {
        #expect(MalformedBody.empty.bytes(from: Self.valid).isEmpty)
        #expect(MalformedBody.byteOrderMark.bytes(from: Self.valid).starts(with: [0xEF, 0xBB, 0xBF]))
        let deep = MalformedBody.deepNesting.bytes(from: Self.valid)
        #expect(deep.count == 2 * MalformedBody.nestingDepth)
        #expect(
            String(decoding: MalformedBody.duplicateKeys.bytes(from: Self.valid), as: UTF8.self)
                == #"{"id":7,"name":"Soup","id":7}"#)
        #expect(
            String(decoding: MalformedBody.hugeInteger.bytes(from: Self.valid), as: UTF8.self).contains(
                "123456789012345678901234567890"))
        #expect(
            String(decoding: MalformedBody.hugeExponent.bytes(from: Self.valid), as: UTF8.self).contains(
                "1e400"))
        let invalid = MalformedBody.invalidUTF8.bytes(from: Self.valid)
        #expect(String(validating: invalid, as: UTF8.self) == nil)
    }
}
