import Testing

@testable import JSONSchema

@Suite("JSONPointer")
struct JSONPointerTests {
    @Test("parses, escapes and resolves RFC 6901 pointers")
    func roundTrip() throws {
        let document = try JSONParser.parse(#"{"a/b": {"m~n": [10, 20]}, "": 5}"#)
        let pointer = try #require(JSONPointer("/a~1b/m~0n/1"))
        #expect(pointer.tokens == ["a/b", "m~n", "1"])
        #expect(pointer.description == "/a~1b/m~0n/1")
        #expect(pointer.resolve(in: document) == 20)
        #expect(JSONPointer("/")?.resolve(in: document) == 5)
        #expect(JSONPointer("/a~1b/m~0n/01")?.resolve(in: document) == nil)
        #expect(JSONPointer("no-slash") == nil)
        #expect(JSONPointer("/bad~2escape") == nil)
        #expect(JSONPointer.root.displayText == "/")
    }

    @Test("escapes every ~ and / of a token, beside text in other scripts")
    func escapesTokensWithOtherScripts() throws {
        let pointer = JSONPointer(tokens: ["/guilds/{id}", "~é/~", "ключ", ""])
        #expect(pointer.description == "/~1guilds~1{id}/~0é~1~0/ключ/")
        #expect(JSONPointer(pointer.description) == pointer)
        #expect(JSONPointer("/a~") == nil)
        #expect(JSONPointer("/")?.tokens == [""])
        #expect(JSONPointer("/a//b/")?.tokens == ["a", "", "b", ""])
    }
}
