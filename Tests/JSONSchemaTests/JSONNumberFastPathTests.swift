import Testing

@testable import JSONSchema

/// The parser's allocation-free path for short decimals must build exactly the storage the general
/// digit-array initializer builds, or equality, hashing and `multipleOf` would change with spelling.
@Suite("JSONNumber fast path")
struct JSONNumberFastPathTests {
    static let literals = [
        "0.0", "-0.0", "1.0", "1.50", "19.99", "-19.99", "0.01", "100.00", "1e2", "1.5e1", "1.25e-3",
        "-0.000", "123456789012345.678", "922337203685477580.7", "9.223372036854775807e18",
        "-9.223372036854775808e18", "9.223372036854775808e18", "12.5E+3", "7e18", "7e19", "0.5e-20",
        "999999999999999999e0", "1.000000000000000000", "5e-324", "1e21", "-1.0e1",
    ]

    @Test("short decimals get the canonical storage", arguments: literals)
    func canonical(_ literal: String) throws {
        let parsed = try #require(JSONNumber(parsing: literal))
        #expect(parsed.storage == Self.general(literal), "\(literal)")
    }

    /// The general construction, spelled out: sign, all digits, and the power of ten.
    static func general(_ literal: String) -> JSONNumber.Storage? {
        var text = Substring(literal)
        let negative = text.first == "-"
        if negative { text = text.dropFirst() }
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: e)...].replacing("+", with: "")) ?? 0
            text = text[..<e]
        }
        var digits = Array(text.utf8)
        if let point = digits.firstIndex(of: UInt8(ascii: ".")) {
            exponent -= digits.count - point - 1
            digits.remove(at: point)
        }
        return JSONNumber(negative: negative, digits: digits, exponent: exponent).storage
    }
}
