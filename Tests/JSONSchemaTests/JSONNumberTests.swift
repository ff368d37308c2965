import Testing

@testable import JSONSchema

@Suite("JSONNumber")
struct JSONNumberTests {
    @Test("1.0 is the integer 1", arguments: ["1.0", "1", "1e0", "10e-1", "0.1e1", "1.000"])
    func integralSpellings(text: String) throws {
        let number = try #require(JSONNumber(parsing: text))
        #expect(number.isInteger)
        #expect(number == JSONNumber(1))
        #expect(number.hashValue == JSONNumber(1).hashValue)
    }

    @Test("integers beyond 2^53 stay exact")
    func bigIntegers() throws {
        let a = try #require(JSONNumber(parsing: "9007199254740993"))
        let b = try #require(JSONNumber(parsing: "9007199254740992"))
        #expect(a != b)
        #expect(b < a)
        let huge = try #require(JSONNumber(parsing: "123456789012345678901234567890"))
        #expect(huge.description == "123456789012345678901234567890")
        #expect(huge.isInteger)
        let hugePlusOne = try #require(JSONNumber(parsing: "123456789012345678901234567891"))
        #expect(huge < hugePlusOne)
        #expect(JSONNumber(parsing: "9223372036854775807") == JSONNumber(Int64.max))
    }

    @Test("multipleOf is exact in decimal")
    func multipleOf() throws {
        func n(_ text: String) throws -> JSONNumber { try #require(JSONNumber(parsing: text)) }
        #expect(try n("19.99").isMultiple(of: n("0.01")))
        #expect(try n("0.3").isMultiple(of: n("0.1")))
        #expect(try !n("0.075").isMultiple(of: n("0.01")))
        #expect(try n("4.5").isMultiple(of: n("1.5")))
        #expect(try !n("35").isMultiple(of: n("1.5")))
        #expect(try n("12391239123").isMultiple(of: n("1e-8")))
        #expect(try !n("1e308").isMultiple(of: n("0.123456789")))
        #expect(try n("0").isMultiple(of: n("7")))
    }

    @Test("exact comparison across representations")
    func comparison() throws {
        func n(_ text: String) throws -> JSONNumber { try #require(JSONNumber(parsing: text)) }
        #expect(try n("0.1") < n("0.10000000000000000001"))
        #expect(try n("-1e400") < n("-1e399"))
        #expect(try n("1e-400") > n("0"))
        #expect(try n("-0") == n("0"))
        #expect(try n("2.5") > n("2"))
    }

    @Test(
        "description writes JSON text",
        arguments: [
            ("9.99", "9.99"), ("-0.5", "-0.5"), ("1e2", "100"), ("1e30", "1e+30"), ("1.5e-10", "1.5e-10"),
            ("0.001", "0.001"),
        ])
    func description(pair: (String, String)) throws {
        #expect(try #require(JSONNumber(parsing: pair.0)).description == pair.1)
    }

    @Test("rejects what JSON does not allow", arguments: ["01", "1.", ".5", "+1", "1e", "-", "NaN", "0x10"])
    func invalid(text: String) {
        #expect(JSONNumber(parsing: text) == nil)
    }
}
