/// A `CompiledProgram` flattened for the tape validator: per node a contiguous run of small trivial
/// instructions whose operands index side tables (property keys with their bytes, child nodes,
/// numeric bounds, regexes, and the original keywords for what is left to the `Evaluator`).
///
/// The `Keyword` enum carries arrays and class references in its payloads, so each evaluation
/// copied it (an outlined copy with retains and releases: a quarter of the schema-heavy profile).
/// Here nothing on the hot path holds a reference: the validator reads the tables through buffer
/// pointers, property keys compare by length and their first eight bytes as one `UInt64` before
/// the rest, `required` over names that `properties` lists is a bit mask of the members it found,
/// and `type` is a mask over the tape's kinds. Built once per program, on first use.
final class TapeProgram: Sendable {
    let nodes: [TapeNode]
    let ops: [TapeOp]
    let keys: [TapeKey]
    /// The UTF-8 bytes of every key, in `keys` order.
    let keyBytes: [UInt8]
    /// Each key as text, for the rare member key that holds an escape.
    let names: [String]
    /// Node indexes for `allOf`/`anyOf`/`oneOf`/`prefixItems`.
    let children: [Int32]
    let bounds: [NumberBound]
    let regexes: [ECMARegex]
    /// Each regex's DFA, when it has one: searched directly, without copying the automaton (and
    /// retaining its arrays) per string as `ECMARegex.matches` does.
    let dfas: [RegexDFA?]
    /// `dfas` as unmanaged references, which the tables lend out: a `pattern` on each string would
    /// otherwise retain and release the regex and its DFA (about 80 instructions a string).
    private let searches: [Unmanaged<RegexDFA>?]
    /// The formats `format` asserts, checked on bytes where `TapeFormat` can.
    let formats: [SchemaFormat]
    /// The original keywords the tape leaves to the `Evaluator` (and their exact fallbacks).
    let keywords: [Keyword]
    /// Which nodes the streaming validator reads containers against member by member.
    let stream: StreamPlan

    init(_ program: CompiledProgram) {
        var builder = TapeProgramBuilder(program: program)
        builder.build()
        nodes = builder.nodes
        ops = builder.ops
        keys = builder.keys
        keyBytes = builder.keyBytes
        names = builder.names
        children = builder.children
        bounds = builder.bounds
        regexes = builder.regexes
        dfas = builder.regexes.map { $0.automaton?.dfa }
        searches = dfas.map { $0.map(Unmanaged.passUnretained) }
        formats = builder.formats
        keywords = builder.keywords
        stream = StreamPlan(
            nodes: builder.nodes, ops: builder.ops, children: builder.children, keys: builder.keys)
    }

    /// Runs `body` with the tables as buffer pointers, valid for the call.
    func withTables<Result>(_ body: (Tables) -> Result) -> Result {
        nodes.withUnsafeBufferPointer { nodes in
            ops.withUnsafeBufferPointer { ops in
                keys.withUnsafeBufferPointer { keys in
                    keyBytes.withUnsafeBufferPointer { keyBytes in
                        children.withUnsafeBufferPointer { children in
                            bounds.withUnsafeBufferPointer { bounds in
                                searches.withUnsafeBufferPointer { searches in
                                    body(
                                        Tables(
                                            nodes: nodes, ops: ops, keys: keys, keyBytes: keyBytes,
                                            children: children, bounds: bounds, searches: searches))
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The trivial tables, borrowed for one validation.
    struct Tables {
        let nodes: UnsafeBufferPointer<TapeNode>
        let ops: UnsafeBufferPointer<TapeOp>
        let keys: UnsafeBufferPointer<TapeKey>
        let keyBytes: UnsafeBufferPointer<UInt8>
        let children: UnsafeBufferPointer<Int32>
        let bounds: UnsafeBufferPointer<NumberBound>
        /// `dfas` without reference counting: `dfas` keeps each alive for the call.
        let searches: UnsafeBufferPointer<Unmanaged<RegexDFA>?>
    }

    /// The first (up to) eight bytes of a key as one little-endian word, zero-padded.
    @inline(__always)
    static func prefix(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> UInt64 {
        guard let base = bytes.baseAddress else { return 0 }
        if length >= 8 {
            return UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
        }
        if start + 8 <= bytes.count {
            // One load and a mask: a key is followed by at least its quote, a colon and a value.
            let word = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
            return word & (1 << UInt64(8 * length) &- 1)
        }
        var word: UInt64 = 0
        var offset = length
        while offset > 0 {
            offset -= 1
            word = word << 8 | UInt64(base[start + offset])
        }
        return word
    }
}

/// One schema node: its instructions are `ops[start ..< start + count]`.
struct TapeNode: Sendable {
    var start: Int32 = 0
    var count: Int32 = 0
    /// A boolean schema's answer: 1 true, 0 false; -1 for a schema object.
    var constant: Int8 = -1
    /// The node's `unevaluatedProperties`/`unevaluatedItems` subschema, or -1; such a node collects
    /// annotations (`TapeValidator+Annotations`).
    var unevaluatedProperties: Int32 = -1
    var unevaluatedItems: Int32 = -1

    var tracksAnnotations: Bool { unevaluatedProperties >= 0 || unevaluatedItems >= 0 }
}

/// One instruction. Operands by code:
/// - `ref`, `not`: `a` node. `allOf`/`anyOf`/`oneOf`/`prefixItems`: `children[a ..< a + b]`.
/// - `conditional`: `a` if, `b` then, `c` else (-1 when absent).
/// - `properties`, `required`, `dependentSchemas`: `keys[a ..< a + b]`; `requiredMask`: `mask`
///   over the node's `properties` table. `additionalProperties`: `a` node, `keys[b ..< b + c]`
///   the known names, `flag` when it follows `properties`.
/// - `items`: `a` node, `b` prefix count. `contains`: `a` node, `b` minimum, `c` maximum or -1.
/// - `type`: `a` mask of tape kinds, `b` 1 when integers (but not all numbers) are allowed.
/// - `strings` (`enum`/`const`): `keys[a ..< a + b]` the string values, `c` the keyword, `flag`
///   when every value is a string.
/// - lengths and counts: `a` the limit. `pattern`: `a` regex. `number`: `a` bound, `c` keyword.
/// - `format`: `a` the format. `uniqueItems`, `evaluate`: `c` the keyword.
struct TapeOp: Sendable {
    enum Code: UInt8, Sendable {
        case ref, allOf, anyOf, oneOf, not, conditional, dependentSchemas
        case prefixItems, items, contains, properties, additionalProperties, required, requiredMask
        case type, strings, maxLength, minLength, pattern, maxItems, minItems, maxProperties
        case minProperties, number, format, uniqueItems, evaluate
    }

    var code: Code
    var flag = false
    var a: Int32 = 0
    var b: Int32 = 0
    var c: Int32 = -1
    var mask: UInt64 = 0
}

/// A property name (or string value) with its bytes in `TapeProgram.keyBytes`.
struct TapeKey: Sendable {
    var prefix: UInt64
    var start: Int32
    var length: Int32
    /// The property's schema node (for `properties`, `dependentSchemas`), else -1.
    var schema: Int32
}

/// A numeric keyword's bound, read as a literal when it is short enough.
struct NumberBound: Sendable {
    enum Kind: UInt8, Sendable { case minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf }
    var kind: Kind
    /// Nil when the bound is too long for `DecimalLiteral`: every check takes the exact path.
    var literal: DecimalLiteral?
}
