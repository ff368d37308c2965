public import ConformHTTP
import Foundation

/// Keeps the door of an operation that declares `security`: the request must satisfy one of its
/// alternative requirements, presenting the credential of every scheme that requirement names.
/// An empty alternative lets any call through.
///
/// The mock (``Mode/exactCredentials``) also wants the value the contract gives (its `auth`
/// credential, `{{env.NAME}}` read from the mock's environment): a scheme without a known
/// credential (or one Conform cannot present, such as mutualTLS) cannot be satisfied, so the mock
/// turns away every call that needs it, as a server would turn away a client holding a made-up
/// token. Accepting any value would let a generated, invalid token through, which is exactly what a
/// client must not rely on (and what Schemathesis' `ignored_auth` check reports).
///
/// Traffic checks (``Mode/presence``) only ask that the credential is in its declared place, in
/// its declared form: whether the token is valid is the real server's business, and its answer
/// says so.
package struct AuthGate {
    /// How much of a credential the gate checks.
    package enum Mode: Sendable {
        /// Present, in its place, and equal to the contract's credential (the mock).
        case exactCredentials
        /// Present in its place and form (a proxy, `conform check`, the test-time URL protocol).
        case presence
    }

    package let contract: Contract
    package let endpoint: Endpoint
    package let request: HTTPRequest
    package var mode: Mode = .exactCredentials

    package init(contract: Contract, endpoint: Endpoint, request: HTTPRequest, mode: Mode = .exactCredentials)
    {
        self.contract = contract
        self.endpoint = endpoint
        self.request = request
        self.mode = mode
    }

    /// Why the request is turned away, or nil when it may pass (or the operation is public).
    package func refusal() -> String? {
        guard let auth = contract.auth, !auth.allowsAnonymous(endpoint.id) else { return nil }
        var reasons: [String] = []
        for alternative in auth.requirements(for: endpoint.id) {
            guard let reason = unmet(alternative) else { return nil }
            reasons.append(reason)
        }
        return reasons.joined(separator: "; or ")
    }

    /// Why the request does not satisfy one requirement, or nil when it does.
    private func unmet(_ requirement: [ContractAuth.Scheme]) -> String? {
        for scheme in requirement {
            if case .unsupported(let kind) = scheme.kind {
                if mode == .presence { continue }
                return "the \"\(scheme.name)\" scheme (\(kind)) cannot be checked by the mock"
            }
            guard let presented = presented(scheme) else {
                return "missing credentials for the \"\(scheme.name)\" scheme (\(Self.describe(scheme)))"
            }
            if mode == .presence {
                guard presented.isEmpty else { continue }
                return
                    "the credentials for the \"\(scheme.name)\" scheme are not in the declared form (\(Self.describe(scheme)))"
            }
            guard let expected = Self.credential(of: scheme), presented == expected else {
                return "the credentials for the \"\(scheme.name)\" scheme are not valid"
            }
        }
        return nil
    }

    /// The `WWW-Authenticate` challenge for the operation's first scheme a client can present.
    package var challenge: String {
        let schemes = contract.auth?.requirements(for: endpoint.id).flatMap { $0 } ?? []
        switch schemes.first(where: \.isPresentable)?.kind {
        case .basic?: return "Basic realm=\"conform mock\""
        case .apiKey(_, let name)?: return "ApiKey realm=\"conform mock\", name=\"\(name)\""
        default: return "Bearer realm=\"conform mock\""
        }
    }

    /// The value the request presents for `scheme`, in the form the contract stores credentials
    /// (a bearer token, `user:password`, an API key); nil when the request carries none.
    private func presented(_ scheme: ContractAuth.Scheme) -> String? {
        switch scheme.kind {
        case .bearer:
            guard let value = request.headers["Authorization"] else { return nil }
            let parts = value.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else { return "" }
            return String(parts[1]).trimmingCharacters(in: .whitespaces)
        case .basic:
            guard let value = request.headers["Authorization"] else { return nil }
            let parts = value.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "basic",
                let data = Data(base64Encoded: String(parts[1]).trimmingCharacters(in: .whitespaces))
            else { return "" }
            return String(decoding: data, as: UTF8.self)
        case .apiKey(.header, let name):
            return request.headers[name]
        case .apiKey(.query, let name):
            return request.query.last { $0.name == name }?.value
        case .apiKey(.cookie, let name):
            guard let cookies = request.headers["Cookie"] else { return nil }
            for pair in cookies.split(separator: ";") {
                let item = pair.split(separator: "=", maxSplits: 1).map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                if item.count == 2, item[0] == name { return item[1] }
            }
            return nil
        case .unsupported:
            return nil
        }
    }

    /// The credential the contract gives for `scheme`, with `{{env.NAME}}` taken from the
    /// environment; nil when there is none or it still names a value the mock cannot know.
    package static func credential(of scheme: ContractAuth.Scheme) -> String? {
        guard var text = scheme.credential, !text.isEmpty else { return nil }
        let environment = ProcessInfo.processInfo.environment
        while let open = text.range(of: "{{env."),
            let close = text.range(of: "}}", range: open.upperBound..<text.endIndex)
        {
            let name = String(text[open.upperBound..<close.lowerBound]).trimmingCharacters(in: .whitespaces)
            guard let value = environment[name], !value.isEmpty else { return nil }
            text.replaceSubrange(open.lowerBound..<close.upperBound, with: value)
        }
        return text.contains("{{") || text.isEmpty ? nil : text
    }

    /// Where and how a client presents `scheme`'s credential, e.g. `header X-API-Key` (never the
    /// credential itself).
    package static func describe(_ scheme: ContractAuth.Scheme) -> String {
        switch scheme.kind {
        case .bearer: return "Authorization: Bearer …"
        case .basic: return "Authorization: Basic …"
        case .apiKey(.header, let name): return "header \(name)"
        case .apiKey(.query, let name): return "query parameter \(name)"
        case .apiKey(.cookie, let name): return "cookie \(name)"
        case .unsupported(let kind): return kind
        }
    }
}
