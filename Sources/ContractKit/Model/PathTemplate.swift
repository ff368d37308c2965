import Foundation

/// A path with `{name}` placeholders (`/images/{file}`, `/Accounts/{Sid}.json`,
/// `/compare/{base}...{head}`), for building request URLs and routing.
///
/// A placeholder may stand anywhere inside a segment, as OpenAPI allows; it never spans a `/`.
///
/// A `#fragment` at the end (`/search#byName`) is not part of the URL: descriptions use it to
/// declare two operations of one method on one path. It names the endpoint apart (``template``)
/// but never reaches a request or the routing (``route``, ``segments``).
public struct PathTemplate: Sendable, Hashable, CustomStringConvertible {
    /// One piece of a segment: fixed text or a placeholder.
    public enum Part: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    /// The text between two slashes, as its literal and placeholder parts in order.
    public struct Segment: Sendable, Hashable {
        public var parts: [Part]

        public init(_ parts: [Part]) { self.parts = parts }

        /// The segment's text when it has no placeholder, nil otherwise.
        public var literalText: String? {
            if parts.isEmpty { return "" }
            if parts.count == 1, case .literal(let text) = parts[0] { return text }
            return nil
        }

        /// How many characters of the segment are fixed text; ranks routes of the same shape.
        var literalLength: Int {
            parts.reduce(0) { total, part in
                if case .literal(let text) = part { return total + text.count }
                return total
            }
        }
    }

    /// The path as written, with its `#fragment` if any.
    public var template: String
    public var segments: [Segment]
    /// The text after `#`, which tells apart operations that share a method and a route.
    public var fragment: String?

    /// Parses a template; nil when it does not start with `/`, has an unbalanced or nested brace,
    /// an empty placeholder, or two placeholders with nothing between them (`{a}{b}` cannot be
    /// split back into its values).
    public init?(_ template: String) {
        guard template.hasPrefix("/") else { return nil }
        if template.utf8.allSatisfy({ $0 < 0x80 }) {
            guard let (segments, fragment) = Self.parseASCII(Array(template.utf8)) else { return nil }
            self.template = template
            self.segments = segments
            self.fragment = fragment
            return
        }
        let route = template.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        var segments: [Segment] = []
        for raw in route[0].dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard let segment = Self.parseSegment(raw) else { return nil }
            segments.append(segment)
        }
        self.template = template
        self.segments = segments
        fragment = route.count > 1 ? String(route[1]) : nil
    }

    /// The template without its `#fragment`: what requests are built from and routed by.
    public var route: String {
        guard let fragment else { return template }
        return String(template.dropLast(fragment.count + 1))
    }

    /// The segments and fragment of an ASCII template, read byte by byte: in ASCII a byte is a
    /// character, so this reads what ``parseSegment(_:)`` reads, without a walk by `Character` (a
    /// description with thousands of operations parses each path twice).
    private static func parseASCII(_ bytes: [UInt8]) -> (segments: [Segment], fragment: String?)? {
        let end = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
        var segments: [Segment] = []
        var start = 1
        while true {
            let stop = bytes[start..<end].firstIndex(of: UInt8(ascii: "/")) ?? end
            guard let segment = parseASCIISegment(bytes[start..<stop]) else { return nil }
            segments.append(segment)
            if stop == end { break }
            start = stop + 1
        }
        let fragment = end < bytes.count ? String(decoding: bytes[(end + 1)...], as: UTF8.self) : nil
        return (segments, fragment)
    }

    private static func parseASCIISegment(_ raw: ArraySlice<UInt8>) -> Segment? {
        func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
        var parts: [Part] = []
        var index = raw.startIndex
        while index < raw.endIndex {
            guard let open = raw[index...].firstIndex(of: UInt8(ascii: "{")) else {
                guard !raw[index...].contains(UInt8(ascii: "}")) else { return nil }
                parts.append(.literal(text(raw[index...])))
                break
            }
            let before = raw[index..<open]
            guard !before.contains(UInt8(ascii: "}")) else { return nil }
            if !before.isEmpty { parts.append(.literal(text(before))) }
            guard let close = raw[(open + 1)...].firstIndex(of: UInt8(ascii: "}")) else { return nil }
            let name = raw[(open + 1)..<close]
            guard !name.isEmpty, !name.contains(UInt8(ascii: "{")) else { return nil }
            if case .parameter = parts.last { return nil }
            parts.append(.parameter(text(name)))
            index = close + 1
        }
        return Segment(parts)
    }

    private static func parseSegment(_ raw: Substring) -> Segment? {
        var parts: [Part] = []
        var rest = raw[...]
        while !rest.isEmpty {
            guard let open = rest.firstIndex(of: "{") else {
                guard !rest.contains("}") else { return nil }
                parts.append(.literal(String(rest)))
                break
            }
            let before = rest[..<open]
            guard !before.contains("}") else { return nil }
            if !before.isEmpty { parts.append(.literal(String(before))) }
            let afterOpen = rest[rest.index(after: open)...]
            guard let close = afterOpen.firstIndex(of: "}") else { return nil }
            let name = afterOpen[..<close]
            guard !name.isEmpty, !name.contains("{") else { return nil }
            if case .parameter = parts.last { return nil }
            parts.append(.parameter(String(name)))
            rest = afterOpen[afterOpen.index(after: close)...]
        }
        return Segment(parts)
    }

    /// The path `/`.
    public static let root = PathTemplate(template: "/", segments: [Segment([])])

    private init(template: String, segments: [Segment]) {
        self.template = template
        self.segments = segments
        fragment = nil
    }

    public var description: String { template }

    /// The names of the placeholders, in order.
    public var parameterNames: [String] {
        segments.flatMap(\.parts).compactMap {
            if case .parameter(let name) = $0 { return name }
            return nil
        }
    }

    /// The template with every placeholder name erased (`/users/{}`): two templates with the same
    /// shape route the same requests.
    public var shape: String {
        "/"
            + segments.map { segment in
                segment.parts.map { part in
                    if case .literal(let text) = part { return text }
                    return "{}"
                }.joined()
            }.joined(separator: "/")
    }

    /// The concrete path with each placeholder replaced by its percent-encoded value.
    public func expand(_ values: [String: String]) -> String {
        "/"
            + segments.map { segment in
                segment.parts.map { part in
                    switch part {
                    case .literal(let text): return text
                    case .parameter(let name):
                        let value = values[name] ?? ""
                        return value.addingPercentEncoding(withAllowedCharacters: Self.segmentCharacters)
                            ?? value
                    }
                }.joined()
            }.joined(separator: "/")
    }

    /// Matches a decoded request path; returns the placeholder values, or nil when it does not match.
    ///
    /// A placeholder matches one or more characters; where a segment has several, each takes the
    /// shortest text that lets the rest of the segment match (`{base}...{head}` splits `a...b` at the
    /// first `...`).
    public func match(_ path: String) -> [String: String]? {
        let parts = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        guard path.hasPrefix("/"), parts.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (segment, text) in zip(segments, parts) {
            guard Self.match(segment.parts[...], text[...], into: &values) else { return nil }
        }
        return values
    }

    private static func match(
        _ parts: ArraySlice<Part>, _ text: Substring, into values: inout [String: String]
    )
        -> Bool
    {
        guard let first = parts.first else { return text.isEmpty }
        let rest = parts.dropFirst()
        switch first {
        case .literal(let literal):
            guard text.hasPrefix(literal) else { return false }
            return match(rest, text.dropFirst(literal.count), into: &values)
        case .parameter(let name):
            guard !text.isEmpty else { return false }
            if rest.isEmpty {
                values[name] = String(text)
                return true
            }
            var end = text.index(after: text.startIndex)
            while true {
                var attempt = values
                if match(rest, text[end...], into: &attempt) {
                    attempt[name] = String(text[..<end])
                    values = attempt
                    return true
                }
                guard end < text.endIndex else { return false }
                end = text.index(after: end)
            }
        }
    }

    /// Whether `self` should be tried before `other` when both could match a request: at the first
    /// segment where they differ, a fixed segment wins over one with a placeholder, then the segment
    /// with more fixed text wins. OpenAPI requires concrete paths to match before templated ones
    /// (`/user/login` before `/user/{username}`).
    public func routesBefore(_ other: PathTemplate) -> Bool {
        for (mine, theirs) in zip(segments, other.segments) where mine != theirs {
            let mineFixed = mine.literalText != nil
            let theirsFixed = theirs.literalText != nil
            if mineFixed != theirsFixed { return mineFixed }
            if mine.literalLength != theirs.literalLength { return mine.literalLength > theirs.literalLength }
        }
        return false
    }

    /// Unreserved characters plus the sub-delimiters that are safe inside one path segment.
    private static let segmentCharacters: CharacterSet = {
        CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@")
    }()
}
