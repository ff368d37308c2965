/// Writes a `JSONValue` as UTF-8 JSON text, compact or pretty, keys in the value's own order.
///
/// Output is deterministic (same value, same bytes), which golden files, result diffs and
/// reproducible fuzz payloads rely on.
public struct JSONSerializer: Sendable {
    /// How the text is laid out.
    public enum Style: Sendable {
        /// No whitespace at all.
        case compact
        /// Two-space indentation, one member or element per line, `": "` after keys.
        case pretty
    }

    public var style: Style
    /// Whether `/` is written as `\/` (for embedding in HTML `<script>`); off by default.
    public var escapesSlashes: Bool

    public init(style: Style = .compact, escapesSlashes: Bool = false) {
        self.style = style
        self.escapesSlashes = escapesSlashes
    }

    public func bytes(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(value, into: &output, indent: 0)
        return output
    }

    public func string(_ value: JSONValue) -> String {
        String(decoding: bytes(value), as: UTF8.self)
    }

    /// An array or object being written: the serializer keeps its own stack of these instead of
    /// recursing, so a deeply nested value costs heap, not thread stack.
    private struct OpenContainer {
        var elements: [JSONValue] = []
        var members: [JSONObject.Member] = []
        var isObject: Bool
        /// The next element or member to write.
        var next = 0
        var count: Int { isObject ? members.count : elements.count }
    }

    func write(_ root: JSONValue, into output: inout [UInt8], indent: Int) {
        var open: [OpenContainer] = []
        var value = root
        writing: while true {
            switch value {
            case .null: output.append(contentsOf: "null".utf8)
            case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
            case .number(let number): output.append(contentsOf: number.description.utf8)
            case .string(let text): Self.writeString(text, into: &output, escapesSlashes: escapesSlashes)
            case .array(let elements):
                if elements.isEmpty {
                    output.append(contentsOf: "[]".utf8)
                } else {
                    output.append(UInt8(ascii: "["))
                    open.append(OpenContainer(elements: elements, isObject: false))
                }
            case .object(let object):
                if object.isEmpty {
                    output.append(contentsOf: "{}".utf8)
                } else {
                    output.append(UInt8(ascii: "{"))
                    open.append(OpenContainer(members: object.members, isObject: true))
                }
            }
            // Move to the next element or member of the innermost open container, closing every
            // container that has none left.
            while !open.isEmpty {
                let last = open.count - 1
                let level = indent + open.count
                let next = open[last].next
                if next < open[last].count {
                    if next > 0 { output.append(UInt8(ascii: ",")) }
                    newline(into: &output, indent: level)
                    open[last].next = next + 1
                    if open[last].isObject {
                        let member = open[last].members[next]
                        Self.writeString(member.key, into: &output, escapesSlashes: escapesSlashes)
                        output.append(UInt8(ascii: ":"))
                        if style == .pretty { output.append(UInt8(ascii: " ")) }
                        value = member.value
                    } else {
                        value = open[last].elements[next]
                    }
                    continue writing
                }
                newline(into: &output, indent: level - 1)
                output.append(open[last].isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                open.removeLast()
            }
            return
        }
    }

    private func newline(into output: inout [UInt8], indent: Int) {
        guard style == .pretty else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `text` as a JSON string, quoted and escaped; shared with ``JSONStreamWriter`` so both write
    /// the same bytes for the same text.
    static func writeString(_ text: String, into output: inout [UInt8], escapesSlashes: Bool) {
        output.append(UInt8(ascii: "\""))
        // Most strings need no escape: copy them whole (byte-wise appends were most of serializing).
        let slash: UInt8 = escapesSlashes ? 0x2F : 0x22
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && $0 != 0x7F && $0 != slash })
            else { return false }
            output.append(contentsOf: bytes)
            output.append(UInt8(ascii: "\""))
            return true
        }
        if copied == true { return }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "/") where escapesSlashes:
                output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "/")])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0..<0x20, 0x7F:
                output.append(contentsOf: "\\u00".utf8)
                output.append(Self.hexDigits[Int(byte >> 4)])
                output.append(Self.hexDigits[Int(byte & 0x0F)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

extension JSONValue {
    /// Compact JSON text.
    public var compactText: String { JSONSerializer(style: .compact).string(self) }
    /// Indented JSON text.
    public var prettyText: String { JSONSerializer(style: .pretty).string(self) }
}
