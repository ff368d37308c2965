import ContractKit
import JSONSchema

/// Two values that name the same thing (`7` and `"7"` alike).
enum StoredSameValue {
    static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        a == b || Template.plainText(a) == Template.plainText(b)
    }
}
