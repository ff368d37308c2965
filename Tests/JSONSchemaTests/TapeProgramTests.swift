import Testing

@testable import JSONSchema

/// The flat tape program against the `JSONValue` evaluator: numeric keywords decided on the
/// literal's digits, `unevaluatedItems` on element bitsets, and property dispatch by key bytes.
@Suite("Tape program")
struct TapeProgramTests {
    /// A seeded generator (PCG-style LCG), so every run sees the same numbers.
    struct Seeded {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }

    /// Number literals: plain and long integers, decimals, exponents both ways, huge, tiny,
    /// negative, zeros in several spellings.
    static func literals(count: Int, seed: UInt64) -> [String] {
        var random = Seeded(state: seed)
        var texts = [
            "0", "-0", "0.0", "-0.0", "0e5", "1", "-1", "1.0", "1.5", "10", "100", "1e2", "1E+2", "100e-2",
            "0.01", "0.1", "19.99", "20", "-20", "3.14159", "9007199254740993", "99999999999999999999",
            "-99999999999999999999", "1e400", "-1e400", "1e-400", "123456789012345678901234567890.5",
            "0.30000000000000000000000001", "9223372036854775807", "-9223372036854775808",
            "18446744073709551616", "2.5e-3", "25e-4", "1.000000000000000000000",
        ]
        for _ in 0..<count {
            var text = random.below(3) == 0 ? "-" : ""
            let integerDigits = 1 + random.below(random.below(4) == 0 ? 24 : 4)
            var integer = ""
            for position in 0..<integerDigits {
                let digit = random.below(10)
                integer += String(position == 0 && integerDigits > 1 ? max(digit, 1) : digit)
            }
            text += integer
            if random.below(2) == 0 {
                text += "."
                for _ in 0..<(1 + random.below(random.below(4) == 0 ? 22 : 3)) {
                    text += String(random.below(10))
                }
            }
            if random.below(4) == 0 {
                text += ["e", "E", "e+", "e-", "E-"][random.below(5)]
                text += String(random.below(random.below(5) == 0 ? 500 : 6))
            }
            texts.append(text)
        }
        return texts
    }

    static let numberSchemas: [String] = {
        let bounds = [
            "0", "1", "-1", "0.5", "-2.5", "10", "1e2", "100", "19.99", "0.01", "1e-3", "1e30", "-1e30",
            "9007199254740993", "123456789012345678901234567890", "0.0000000000000000000001",
        ]
        let divisors = [
            "1", "2", "0.01", "0.5", "3", "1.5", "1e-8", "7e3", "0.0001", "1e30", "0.3",
            "12345678901234567891",
        ]
        var schemas: [String] = []
        for bound in bounds {
            for keyword in ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] {
                schemas.append(#"{"\#(keyword)": \#(bound)}"#)
            }
        }
        for divisor in divisors { schemas.append(#"{"multipleOf": \#(divisor)}"#) }
        schemas.append(#"{"type": "integer"}"#)
        return schemas
    }()

    @Test("numeric keywords on literals agree with the evaluator", arguments: numberSchemas)
    func numbers(schemaText: String) throws {
        let schema = try Schema(try JSONParser.parse(schemaText))
        var answers: Set<Bool> = []
        for text in Self.literals(count: 600, seed: 0x9E37_79B9_7F4A_7C15) {
            let value = try JSONParser.parse(text)
            let onTape = try schema.isValid(json: Array(text.utf8))
            #expect(onTape == schema.isValid(value), "\(schemaText) on \(text)")
            answers.insert(onTape)
        }
        #expect(answers.count == 2, "the literals exercise both answers for \(schemaText)")
    }

    @Test("DecimalLiteral reads literals canonically")
    func literalReading() {
        func read(_ text: String) -> DecimalLiteral? {
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBufferPointer { DecimalLiteral.read($0, 0, $0.count) }
        }
        #expect(read("1.50") == DecimalLiteral(negative: false, significand: 15, exponent: -1))
        #expect(read("-0.0") == DecimalLiteral(negative: false, significand: 0, exponent: 0))
        #expect(read("12e-3") == DecimalLiteral(negative: false, significand: 12, exponent: -3))
        #expect(read("-100") == DecimalLiteral(negative: true, significand: 1, exponent: 2))
        #expect(read("0.000123") == DecimalLiteral(negative: false, significand: 123, exponent: -6))
        #expect(read("1234567890123456789") == nil)
        #expect(read("1e999999") == nil)
    }

    static let itemSchemas = [
        #"{"prefixItems": [{"type": "integer"}], "unevaluatedItems": false}"#,
        #"{"prefixItems": [{}, {}], "unevaluatedItems": {"type": "string"}}"#,
        #"{"items": {"type": "integer"}, "unevaluatedItems": false}"#,
        #"{"contains": {"type": "string"}, "unevaluatedItems": {"type": "integer"}}"#,
        #"{"allOf": [{"prefixItems": [{}]}], "unevaluatedItems": false}"#,
        #"{"anyOf": [{"prefixItems": [{"type": "integer"}]}, {"prefixItems": [{}, {"type": "string"}]}], "unevaluatedItems": false}"#,
        #"{"oneOf": [{"prefixItems": [{"const": 1}]}, {"contains": {"const": "s"}}], "unevaluatedItems": {"type": "null"}}"#,
        #"{"if": {"prefixItems": [{"const": 1}]}, "then": {"prefixItems": [{}, {}]}, "else": {"contains": {"type": "null"}}, "unevaluatedItems": false}"#,
        #"{"not": {"prefixItems": [{"type": "string"}]}, "unevaluatedItems": {"type": "integer"}}"#,
        ##"{"$defs": {"inner": {"prefixItems": [{}], "unevaluatedItems": {"type": "integer"}}}, "$ref": "#/$defs/inner", "unevaluatedItems": false}"##,
        #"{"items": {"prefixItems": [{}], "unevaluatedItems": false}, "unevaluatedItems": false}"#,
        #"{"properties": {"a": {}}, "unevaluatedItems": false, "unevaluatedProperties": false}"#,
        #"{"dependentSchemas": {"a": {"prefixItems": [{}]}}, "unevaluatedItems": false}"#,
    ]

    /// Seeded arrays of mixed elements, some past 64 elements (the bitset's second word).
    static func arrays() -> [String] {
        let elements = ["1", "2", #""s""#, "null", "[1]", "[\"s\"]", #"{"a": 1}"#, "[]", "1.5", "[1, 2]"]
        var random = Seeded(state: 0xA5A5_5A5A_1234_4321)
        var texts = ["[]", "{}", #"{"a": 1}"#, #"{"b": 1}"#, "1"]
        for round in 0..<400 {
            var picked: [String] = []
            for _ in 0..<random.below(6) { picked.append(elements[random.below(elements.count)]) }
            if round % 25 == 0 {
                for filler in 0..<70 { picked.append(filler % 7 == 0 ? #""s""# : String(filler)) }
            }
            texts.append("[" + picked.joined(separator: ", ") + "]")
        }
        return texts
    }

    @Test("unevaluatedItems on the tape agrees with the evaluator", arguments: itemSchemas)
    func unevaluatedItems(schemaText: String) throws {
        let schema = try Schema(try JSONParser.parse(schemaText))
        var answers: Set<Bool> = []
        for text in Self.arrays() {
            let onTape = try schema.isValid(json: Array(text.utf8))
            #expect(onTape == schema.isValid(try JSONParser.parse(text)), "\(schemaText) on \(text)")
            answers.insert(onTape)
        }
        #expect(answers.count == 2, "the arrays exercise both answers for \(schemaText)")
    }

    @Test("property dispatch by key bytes, required as a mask, escaped keys")
    func properties() throws {
        let schema = try Schema(
            try JSONParser.parse(
                #"""
                {"properties": {"a": {"type": "integer"}, "abcdefgh": {"type": "string"},
                 "abcdefghi": {"type": "integer"}, "abcdefghij": {"type": "boolean"}, "é": {"const": 1}},
                 "required": ["a", "abcdefghi"], "additionalProperties": {"type": "null"}}
                """#))
        let cases: [(String, Bool)] = [
            (#"{"a": 1, "abcdefghi": 2}"#, true),
            (#"{"a": 1}"#, false),
            (#"{"abcdefghi": 1, "a": 1, "abcdefgh": "x", "abcdefghij": true}"#, true),
            (#"{"a": 1, "abcdefghi": "x"}"#, false),
            (#"{"a": 1, "abcdefghi": 2, "abcdefgh": 3}"#, false),
            (#"{"a": 1, "abcdefghi": 2, "abcdefghX": null}"#, true),
            (#"{"a": 1, "abcdefghi": 2, "abcdefghX": 1}"#, false),
            (#"{"\u0061": 1, "abcdefgh\u0069": 2}"#, true),
            (#"{"\u0061": "x", "abcdefghi": 2}"#, false),
            (#"{"a": 1, "abcdefghi": 2, "\u00e9": 1}"#, true),
            (#"{"a": 1, "abcdefghi": 2, "\u00e9": 2}"#, false),
            (#"{"a": 1, "abcdefghi": 2, "é": 2}"#, false),
            ("[]", true),
        ]
        for (text, expected) in cases {
            #expect(try schema.isValid(json: Array(text.utf8)) == expected, "\(text)")
            #expect(schema.isValid(try JSONParser.parse(text)) == expected, "\(text)")
        }
    }
}
