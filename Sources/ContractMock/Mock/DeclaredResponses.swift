import ContractKit

/// Which of an endpoint's declared responses the mock answers with, so that every status it sends is
/// one the contract declares for that operation.
struct DeclaredResponses {
    let endpoint: Endpoint

    /// The answer to a valid request: the lowest declared 2xx, else `2XX`, `default`, a 3xx, and
    /// finally whatever else the operation declares, 400 and 422 last (an operation that declares
    /// only 405 answers 405).
    var success: (status: Int, spec: ResponseSpec)? {
        let sorted = endpoint.responses.sorted { $0.status < $1.status }
        if let spec = sorted.first(where: {
            Self.code(of: $0.status).map { (200..<300).contains($0) } ?? false
        }) {
            return (Self.code(of: spec.status) ?? 200, spec)
        }
        if let spec = sorted.first(where: { $0.status == .range(2) }) { return (200, spec) }
        if let spec = sorted.first(where: { $0.status == .default }) { return (200, spec) }
        if let spec = sorted.first(where: {
            Self.code(of: $0.status).map { (300..<400).contains($0) } ?? false
        }) {
            return (Self.code(of: spec.status) ?? 300, spec)
        }
        let usual: Set<ResponseSpec.Status> = [.code(400), .code(422)]
        guard let spec = sorted.first(where: { !usual.contains($0.status) }) ?? sorted.first else {
            return nil
        }
        return (Self.status(of: spec.status), spec)
    }

    /// The answer to an invalid request: the declared 400, 422, `4XX` or `default`, else the lowest
    /// other declared 4xx; nil when the operation declares no client error at all.
    var rejection: (status: Int, spec: ResponseSpec)? {
        for status in [ResponseSpec.Status.code(400), .code(422), .range(4), .default] {
            if let spec = endpoint.responses.first(where: { $0.status == status }) {
                return (Self.status(of: status, fallback: 400), spec)
            }
        }
        return otherClientError
    }

    /// Whether an invalid request gets one of the usual rejection statuses (400, 422, 4XX, default).
    var declaresUsualRejection: Bool {
        endpoint.responses.contains { [.code(400), .code(422), .range(4), .default].contains($0.status) }
    }

    /// The lowest declared 4xx other than 400 and 422 (a `getImage` that declares only 404).
    var otherClientError: (status: Int, spec: ResponseSpec)? {
        let codes = endpoint.responses.compactMap { spec -> (Int, ResponseSpec)? in
            guard let code = Self.code(of: spec.status), (400..<500).contains(code) else { return nil }
            return (code, spec)
        }
        return codes.min { $0.0 < $1.0 }.map { (status: $0.0, spec: $0.1) }
    }

    /// The answer to a call without valid credentials: the declared 401, else 403, else `4XX` or
    /// `default` (as 401); nil when the operation declares none of them.
    var unauthorized: (status: Int, spec: ResponseSpec)? {
        for status in [ResponseSpec.Status.code(401), .code(403), .range(4), .default] {
            if let spec = endpoint.responses.first(where: { $0.status == status }) {
                return (Self.status(of: status, fallback: 401), spec)
            }
        }
        return nil
    }

    /// The answer for an item the store does not hold: the declared 404, else `4XX` or `default`
    /// (as 404).
    var notFound: ResponseSpec? {
        [ResponseSpec.Status.code(404), .range(4), .default].lazy.compactMap { status in
            endpoint.responses.first { $0.status == status }
        }.first
    }

    /// The declared response for one status (exact code, then its range, then `default`).
    func response(for status: Int) -> ResponseSpec? { endpoint.response(for: status) }

    /// The answer for a method the path does not support: 405 with the declared 405, `4XX` or
    /// `default` response's body when there is one.
    var methodNotAllowed: ResponseSpec? {
        endpoint.responses.first { $0.status == .code(405) }
            ?? endpoint.responses.first { $0.status == .range(4) }
            ?? endpoint.responses.first { $0.status == .default }
    }

    static func code(of status: ResponseSpec.Status) -> Int? {
        if case .code(let code) = status { return code }
        return nil
    }

    static func status(of status: ResponseSpec.Status, fallback: Int = 200) -> Int {
        switch status {
        case .code(let code): return code
        case .range(let first): return first * 100
        case .default: return fallback
        }
    }
}
