/// Writes pretty JSON text as it is produced, member by member, in the layout of
/// `JSONSerializer(style: .pretty)`: the same content gives the same bytes.
///
/// A large report (tens of thousands of entries, megabytes of text) built as a `JSONValue` tree
/// only to be serialized once costs more in building and freeing the tree than in writing it;
/// writing straight into the output skips the tree.
/// ```swift
/// var writer = JSONStreamWriter()
/// writer.beginObject()
/// writer.key("changes")
/// writer.beginArray()
/// writer.string("endpoint-added")
/// writer.endArray()
/// writer.endObject()
/// let text = writer.text   // {"changes": ["endpoint-added"]}, indented
/// ```
/// Calls must nest as JSON does (a key before each member's value, every container closed); the
/// writer does not check it.
public struct JSONStreamWriter: Sendable {
    /// The text written so far, as UTF-8.
    public private(set) var bytes: [UInt8] = []
    /// How many elements or members each open container holds so far, outermost first.
    private var counts: [Int] = []
    /// Whether a member's key was just written, so the next value follows it on the same line.
    private var afterKey = false

    /// - Parameter capacity: the bytes to reserve, when the size of the text is roughly known.
    public init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    /// The text written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public mutating func beginObject() {
        startValue()
        bytes.append(UInt8(ascii: "{"))
        counts.append(0)
    }

    public mutating func endObject() { close(UInt8(ascii: "}")) }

    public mutating func beginArray() {
        startValue()
        bytes.append(UInt8(ascii: "["))
        counts.append(0)
    }

    public mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Starts a member of the open object; its value is written next.
    public mutating func key(_ name: String) {
        nextItem()
        JSONSerializer.writeString(name, into: &bytes, escapesSlashes: false)
        bytes.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
        afterKey = true
    }

    public mutating func string(_ text: String) {
        startValue()
        JSONSerializer.writeString(text, into: &bytes, escapesSlashes: false)
    }

    public mutating func number(_ value: Int) {
        startValue()
        bytes.append(contentsOf: JSONNumber(value).description.utf8)
    }

    public mutating func bool(_ value: Bool) {
        startValue()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    public mutating func null() {
        startValue()
        bytes.append(contentsOf: "null".utf8)
    }

    /// Ends the text with a line break, as a file's last line ends.
    public mutating func finishLine() { bytes.append(UInt8(ascii: "\n")) }

    /// A whole value, laid out as `JSONSerializer` lays it out at this depth.
    public mutating func value(_ value: JSONValue) {
        startValue()
        JSONSerializer(style: .pretty).write(value, into: &bytes, indent: counts.count)
    }

    /// Before a value: it follows its key, or it is the next element of the open array.
    private mutating func startValue() {
        if afterKey {
            afterKey = false
        } else if !counts.isEmpty {
            nextItem()
        }
    }

    private mutating func nextItem() {
        let last = counts.count - 1
        if counts[last] > 0 { bytes.append(UInt8(ascii: ",")) }
        counts[last] += 1
        newline(indent: counts.count)
    }

    private mutating func close(_ bracket: UInt8) {
        let written = counts.removeLast()
        if written > 0 { newline(indent: counts.count) }
        bytes.append(bracket)
    }

    private mutating func newline(indent: Int) {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }
}
