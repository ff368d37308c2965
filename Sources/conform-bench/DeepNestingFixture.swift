/// A document nested deep and dense with keys: an array of chains of objects 50 to 200 levels
/// deep (`{"a":{"a":…,"k":3},"k":4}`), each ending in a leaf with a number, an escaped non-ASCII
/// string and an array of numbers, against a recursive `$ref` schema with `minimum`, `pattern` and
/// `enum`.
///
/// The bench's other documents hold long strings and numbers; this one has a value or a key every
/// few bytes, so it measures what the tape costs when it is larger than the text (8 bytes an
/// entry), and the recursion of both validators. Written as bytes, deterministically.
enum DeepNestingFixture {
    /// The leaves' `tag` values; the schema's `enum` lists them as written here.
    private static let tags = [#"caf\u00e9 \"noir\""#, #"plain"#, #"ünï ✓ \\ x"#]
    private static let tagValues = [#"café \"noir\""#, #"plain"#, #"ünï ✓ \\ x"#]

    static let schema = #"""
        {
          "type": "array",
          "items": {"$ref": "#/$defs/node"},
          "$defs": {
            "node": {
              "type": "object",
              "properties": {
                "a": {"$ref": "#/$defs/node"},
                "k": {"type": "integer", "minimum": 0},
                "v": {"type": "number", "minimum": -1000000},
                "tag": {"enum": ["\#(tagValues.joined(separator: "\", \""))"]},
                "s": {"type": "string", "pattern": "^[^\\u0000]*$"},
                "n": {"type": "array", "items": {"type": "number"}, "maxItems": 8}
              },
              "additionalProperties": false
            }
          }
        }
        """#

    /// About `bytes` bytes of chains, the `i`-th one `50 + (i × 37) mod 151` levels deep.
    static func document(bytes: Int) -> [UInt8] {
        var output: [UInt8] = [UInt8(ascii: "[")]
        output.reserveCapacity(bytes + 4096)
        var index = 0
        while output.count < bytes {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            let depth = 50 + (index * 37) % 151
            for _ in 0..<depth { output += Array(#"{"a":"#.utf8) }
            let tag = tags[index % tags.count]
            output += Array(
                #"{"v":\#(index % 9973).25,"tag":"\#(tag)","s":"é✓ \"q\" \\ \#(index)","n":[1,2.5,-3e7]}"#
                    .utf8)
            for level in stride(from: depth, to: 0, by: -1) { output += Array(#","k":\#(level)}"#.utf8) }
            index += 1
        }
        output.append(UInt8(ascii: "]"))
        return output
    }
}
