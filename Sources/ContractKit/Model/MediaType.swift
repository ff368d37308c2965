import Foundation

/// Media type helpers shared by the checks, the mock and the loader.
public enum MediaType {
    /// The type without parameters, lower-cased: `application/json; charset=utf-8` → `application/json`.
    public static func essence(_ value: String) -> String {
        // Most types are written as their essence already: no parameters, spaces or capitals.
        let isEssence = value.utf8.allSatisfy { byte in
            byte < 0x80 && byte != UInt8(ascii: ";") && byte != UInt8(ascii: " ")
                && byte != UInt8(ascii: "\t")
                && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
        if isEssence { return value }
        let base = value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? value
        return base.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// Whether `type/subtype` is well-formed (RFC 9110 tokens on both sides).
    public static func isWellFormed(_ value: String) -> Bool {
        let parts = essence(value).utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        return parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(isTokenByte) }
    }

    /// A byte of an RFC 9110 token, lower case (the essence is lower-cased); any byte of a
    /// character outside ASCII is not one.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    public static func isJSON(_ value: String) -> Bool {
        let type = essence(value)
        return type == "application/json" || type.hasSuffix("+json")
    }
}
