public import ConformHTTP
import Foundation
public import JSONSchema

/// How an API authenticates, as a contract declares it: named schemes (HTTP bearer, HTTP basic, an
/// API key in a header, the query or a cookie), the schemes every endpoint uses, and per-endpoint
/// `security` that names other schemes or none.
///
/// Credentials are templates (`"{{env.API_TOKEN}}"`) filled by `ContractVariables`, or values given
/// with `--auth NAME=VALUE`. A secured endpoint whose scheme has no credential is called without
/// one, and then a 401 or 403 is the expected answer rather than a failure.
///
/// ```json
/// "auth": {
///   "schemes": {
///     "token": {"type": "bearer", "token": "{{env.API_TOKEN}}"},
///     "key": {"type": "apiKey", "in": "header", "name": "X-Api-Key", "value": "{{env.API_KEY}}"}
///   },
///   "security": ["token"]
/// }
/// ```
public struct ContractAuth: Sendable {
    /// One way of presenting a credential.
    public struct Scheme: Sendable {
        /// Where an API key goes.
        public enum Location: String, Sendable, CaseIterable {
            case header, query, cookie
        }

        /// What the scheme sends.
        public enum Kind: Sendable, Equatable {
            /// `Authorization: Bearer <token>`.
            case bearer
            /// `Authorization: Basic base64(username:password)`.
            case basic
            /// A named header, query parameter or cookie.
            case apiKey(Location, name: String)
            /// A scheme Conform cannot present (OpenAPI `mutualTLS`, HTTP digest, a name no scheme
            /// declares): no call can satisfy it, so one that needs it expects to be turned away.
            case unsupported(String)
        }

        public var name: String
        public var kind: Kind
        /// The token (bearer), the key (apiKey) or `username:password` (basic); nil when none is given.
        public var credential: String?
        /// Where the scheme stands in the contract document.
        public var pointer: JSONPointer

        public init(name: String, kind: Kind, credential: String?, pointer: JSONPointer = .root) {
            self.name = name
            self.kind = kind
            self.credential = credential
            self.pointer = pointer
        }

        /// The credential as a template value, for finding the variables it uses.
        var credentialTemplate: JSONValue { credential.map(JSONValue.string) ?? .null }

        mutating func fill(_ scope: [String: JSONValue]) throws(Template.MissingVariable) {
            if let credential {
                let filled = try Template.substituteExternal(credential, scope)
                self.credential = filled.isEmpty || filled == ":" ? nil : filled
            }
        }

        /// The header name that carries the credential, for masking.
        public var headerName: String? {
            switch kind {
            case .bearer, .basic: return "Authorization"
            case .apiKey(.header, let name): return name
            case .apiKey(.cookie, _): return "Cookie"
            case .apiKey(.query, _), .unsupported: return nil
            }
        }

        /// What output must never show of `credential` given for this scheme: the credential,
        /// and a basic credential's password alone (a reproducer may print `user` beside it).
        public func maskedTexts(of credential: String) -> [String] {
            guard kind == .basic,
                let password = credential.split(separator: ":", maxSplits: 1).dropFirst().first
            else { return [credential] }
            return [credential, String(password)]
        }

        /// Whether Conform can present a credential for this scheme at all.
        public var isPresentable: Bool {
            if case .unsupported = kind { return false }
            return true
        }
    }

    public var schemes: [Scheme]
    /// The requirements of endpoints that do not name their own: alternatives, any one of which
    /// lets a call through; each lists the schemes presented together.
    public var security: [Requirement]
    /// Per endpoint id, its own requirements; `[]` (or an empty requirement among them) means the
    /// endpoint may be called without credentials.
    public var endpointSecurity: [String: [Requirement]]
    /// What a secured endpoint may answer when called without credentials.
    public var unauthenticatedStatuses: Set<Int>

    /// The scheme names presented together to satisfy one requirement (OpenAPI's security
    /// requirement object, scopes left out: Conform cannot check them). Empty: no credential.
    public typealias Requirement = [String]

    public init(
        schemes: [Scheme], security: [Requirement]? = nil, endpointSecurity: [String: [Requirement]] = [:],
        unauthenticatedStatuses: Set<Int> = [401, 403]
    ) {
        self.schemes = schemes
        self.security = security ?? [schemes.map(\.name)]
        self.endpointSecurity = endpointSecurity
        self.unauthenticatedStatuses = unauthenticatedStatuses
    }

    /// The alternatives that let a call of `endpointID` through, each as the schemes it presents
    /// together; empty when the endpoint is public.
    public func requirements(for endpointID: String) -> [[Scheme]] {
        let declared = endpointSecurity[endpointID] ?? security
        return declared.map { names in names.compactMap { name in schemes.first { $0.name == name } } }
    }

    /// Whether `endpointID` may be called without any credential: it names no requirement, or one
    /// of its alternatives is empty (OpenAPI's `{}`).
    public func allowsAnonymous(_ endpointID: String) -> Bool {
        let alternatives = requirements(for: endpointID)
        return alternatives.isEmpty || alternatives.contains { $0.isEmpty }
    }

    /// The schemes a call of `endpointID` presents: the first alternative whose every scheme has a
    /// credential, preferred over an anonymous one so that a given credential is exercised; empty
    /// when the call goes without credentials.
    public func schemes(for endpointID: String) -> [Scheme] {
        requirements(for: endpointID).first { alternative in
            !alternative.isEmpty && alternative.allSatisfy { $0.isPresentable && $0.credential != nil }
        } ?? []
    }

    /// Whether `endpointID` is secured and no alternative can be satisfied with the credentials
    /// known: it is called without one, expecting to be turned away.
    public func callsWithoutCredentials(_ endpointID: String) -> Bool {
        !allowsAnonymous(endpointID) && schemes(for: endpointID).isEmpty
    }

    /// Whether `status` is the expected answer of `endpointID` called without credentials.
    public func expectsRejection(_ endpointID: String, status: Int) -> Bool {
        callsWithoutCredentials(endpointID) && unauthenticatedStatuses.contains(status)
    }

    /// Sets the credential of the scheme `name` (`--auth NAME=VALUE`); false when there is no such
    /// scheme, or it is one Conform cannot present.
    public mutating func setCredential(_ value: String, forScheme name: String) -> Bool {
        guard let index = schemes.firstIndex(where: { $0.name == name }), schemes[index].isPresentable
        else { return false }
        schemes[index].credential = value
        return true
    }

    /// `request` with `auth`'s credentials for `endpointID`, unchanged when there is no `auth`.
    public static func applying(_ auth: ContractAuth?, to request: HTTPRequest, endpointID: String)
        -> HTTPRequest
    {
        auth?.apply(to: request, endpointID: endpointID) ?? request
    }

    /// `request` with the credentials of `endpointID`'s schemes added; an example's own header of
    /// the same name wins, so an example can send a deliberately wrong key.
    public func apply(to request: HTTPRequest, endpointID: String) -> HTTPRequest {
        var request = request
        for scheme in schemes(for: endpointID) {
            guard let credential = scheme.credential else { continue }
            func setHeader(_ name: String, _ value: String) {
                guard !request.headers.contains(where: { $0.name.lowercased() == name.lowercased() }) else {
                    return
                }
                request.headers.append(HeaderField(name, value))
            }
            switch scheme.kind {
            case .bearer:
                setHeader("Authorization", "Bearer \(credential)")
            case .basic:
                setHeader("Authorization", "Basic \(Data(credential.utf8).base64EncodedString())")
            case .apiKey(.header, let name):
                setHeader(name, credential)
            case .apiKey(.cookie, let name):
                if let index = request.headers.firstIndex(where: { $0.name.lowercased() == "cookie" }) {
                    request.headers[index].value += "; \(name)=\(credential)"
                } else {
                    request.headers.append(HeaderField("Cookie", "\(name)=\(credential)"))
                }
            case .apiKey(.query, let name):
                let pair = "\(URLEncoding.query(name))=\(URLEncoding.query(credential))"
                request.url += (request.url.contains("?") ? "&" : "?") + pair
            case .unsupported:
                continue
            }
        }
        return request
    }
}
