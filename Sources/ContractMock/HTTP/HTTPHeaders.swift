public import ContractKit

/// The header fields of a request or response: ContractKit's ``HTTPFields``, the one shape the
/// client and the server share, so a repeated field reads the same on both sides (RFC 9110 §5.3:
/// lines of one name joined with `", "`, `Set-Cookie` excepted).
public typealias HTTPHeaders = HTTPFields
