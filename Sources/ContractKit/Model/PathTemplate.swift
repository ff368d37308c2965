import Foundation

/// A path with `{name}` placeholders (`/images/{file}`), for building request URLs and routing.
public struct PathTemplate: Sendable, Hashable, CustomStringConvertible {
    public enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    public var template: String
    public var segments: [Segment]

    /// Parses a template; nil when it does not start with `/` or has an unbalanced brace.
    public init?(_ template: String) {
        guard template.hasPrefix("/") else { return nil }
        var segments: [Segment] = []
        for raw in template.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            if raw.hasPrefix("{") && raw.hasSuffix("}") && raw.count > 2 {
                let name = raw.dropFirst().dropLast()
                guard !name.contains("{") && !name.contains("}") else { return nil }
                segments.append(.parameter(String(name)))
            } else {
                guard !raw.contains("{") && !raw.contains("}") else { return nil }
                segments.append(.literal(String(raw)))
            }
        }
        self.template = template
        self.segments = segments
    }

    /// The path `/`.
    public static let root = PathTemplate(template: "/", segments: [.literal("")])

    private init(template: String, segments: [Segment]) {
        self.template = template
        self.segments = segments
    }

    public var description: String { template }

    /// The names of the placeholders, in order.
    public var parameterNames: [String] {
        segments.compactMap {
            if case .parameter(let name) = $0 { return name }
            return nil
        }
    }

    /// The concrete path with each placeholder replaced by its percent-encoded value.
    public func expand(_ values: [String: String]) -> String {
        "/"
            + segments.map { segment in
                switch segment {
                case .literal(let text): return text
                case .parameter(let name):
                    let value = values[name] ?? ""
                    return value.addingPercentEncoding(withAllowedCharacters: Self.segmentCharacters) ?? value
                }
            }.joined(separator: "/")
    }

    /// Matches a decoded request path; returns the placeholder values, or nil when it does not match.
    public func match(_ path: String) -> [String: String]? {
        let parts = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        guard path.hasPrefix("/"), parts.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let text):
                guard text == part else { return nil }
            case .parameter(let name):
                guard !part.isEmpty else { return nil }
                values[name] = String(part)
            }
        }
        return values
    }

    /// Unreserved characters plus the sub-delimiters that are safe inside one path segment.
    private static let segmentCharacters: CharacterSet = {
        CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@")
    }()
}
