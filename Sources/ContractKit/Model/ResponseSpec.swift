import Foundation
public import JSONSchema

/// What an endpoint answers for one status (or range of statuses).
public struct ResponseSpec: Sendable {
    /// The status key of a response: `200`, `2XX` or `default`.
    public enum Status: Sendable, Hashable, CustomStringConvertible, Comparable {
        case code(Int)
        /// A class of statuses: `range(2)` is `2XX`.
        case range(Int)
        case `default`

        /// Parses `"200"`, `"2XX"` (or `"2xx"`), `"default"`.
        public init?(_ text: String) {
            if text == "default" {
                self = .default
            } else if text.count == 3, let code = Int(text), (100...599).contains(code) {
                self = .code(code)
            } else if text.count == 3, text.uppercased().hasSuffix("XX"),
                let first = text.first?.wholeNumberValue,
                (1...5).contains(first)
            {
                self = .range(first)
            } else {
                return nil
            }
        }

        public var description: String {
            switch self {
            case .code(let code): return String(code)
            case .range(let first): return "\(first)XX"
            case .default: return "default"
            }
        }

        /// Whether a received status is covered by this key.
        public func covers(_ status: Int) -> Bool {
            switch self {
            case .code(let code): return code == status
            case .range(let first): return status / 100 == first
            case .default: return true
            }
        }

        private var order: (Int, Int) {
            switch self {
            case .code(let code): return (0, code)
            case .range(let first): return (1, first)
            case .default: return (2, 0)
            }
        }

        public static func < (lhs: Status, rhs: Status) -> Bool { lhs.order < rhs.order }
    }

    public var status: Status
    public var description: String?
    /// Acceptable media types (without parameters); empty when the response has no body.
    public var contentTypes: [String]
    public var headers: [HeaderSpec]
    public var schemaPointer: JSONPointer?
    /// A body the mock answers with; `{{baseURL}}` in its strings becomes the mock's own URL.
    public var example: JSONValue?
    public var pointer: JSONPointer

    public init(
        status: Status, description: String? = nil, contentTypes: [String] = [], headers: [HeaderSpec] = [],
        schemaPointer: JSONPointer? = nil, example: JSONValue? = nil, pointer: JSONPointer = .root
    ) {
        self.status = status
        self.description = description
        self.contentTypes = contentTypes
        self.headers = headers
        self.schemaPointer = schemaPointer
        self.example = example
        self.pointer = pointer
    }

    /// Whether the body is JSON (`application/json` or a `+json` suffix type).
    public var isJSON: Bool { contentTypes.contains(where: MediaType.isJSON) }
}
