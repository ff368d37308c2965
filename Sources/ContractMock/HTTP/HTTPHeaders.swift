public import ContractKit

/// The header fields of a request or response: ContractKit's ``HTTPFields``, the one shape the
/// client and the server share, so a repeated field reads the same on both sides (RFC 9110 §5.3:
/// lines of one name joined with `", "`, `Set-Cookie` excepted).
public typealias HTTPHeaders = HTTPFields

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (HTTP's optional whitespace).
    func trimmingASCIIWhitespace() -> String {
        let isWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isWhitespace($0) }),
            let last = lastIndex(where: { !isWhitespace($0) })
        else { return "" }
        return String(self[first...last])
    }
}
