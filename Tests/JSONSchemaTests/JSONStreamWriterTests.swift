import Testing

@testable import JSONSchema

@Suite("JSONStreamWriter")
struct JSONStreamWriterTests {
    @Test("writes the bytes JSONSerializer's pretty style writes for the same value")
    func matchesThePrettySerializer() throws {
        let value = try JSONParser.parse(
            #"""
            {"format": "x", "n": 2, "empty": {}, "none": [], "flag": false, "gone": null,
             "list": [{"a": "quote \" and \\ and \n", "b": [1, [], {"c": "é/ключ"}]}, "tail"],
             "nested": {"deeper": {"deepest": [true]}}}
            """#)
        var writer = JSONStreamWriter()
        write(value, into: &writer)
        #expect(writer.text == JSONSerializer(style: .pretty).string(value))
    }

    @Test("a whole value written inside a member is laid out at its depth")
    func embedsWholeValues() throws {
        let inner = try JSONParser.parse(#"{"a": [1, {"b": "c"}], "d": {}}"#)
        let whole: JSONValue = ["outer": ["inner": inner, "after": 3]]
        var writer = JSONStreamWriter()
        writer.beginObject()
        writer.key("outer")
        writer.beginObject()
        writer.key("inner")
        writer.value(inner)
        writer.key("after")
        writer.number(3)
        writer.endObject()
        writer.endObject()
        writer.finishLine()
        #expect(writer.text == JSONSerializer(style: .pretty).string(whole) + "\n")
    }

    /// Writes `value` call by call, as a report writer does.
    private func write(_ value: JSONValue, into writer: inout JSONStreamWriter) {
        switch value {
        case .object(let object):
            writer.beginObject()
            for member in object.members {
                writer.key(member.key)
                write(member.value, into: &writer)
            }
            writer.endObject()
        case .array(let elements):
            writer.beginArray()
            for element in elements { write(element, into: &writer) }
            writer.endArray()
        case .string(let text): writer.string(text)
        case .bool(let flag): writer.bool(flag)
        case .null: writer.null()
        case .number(let number):
            if let integer = Int(number.description) { writer.number(integer) } else { writer.value(value) }
        }
    }
}
