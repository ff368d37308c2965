import ContractKit
import JSONSchema

/// Valid requests as the description's words decide them (``DescribedValidity``), and the valid
/// body with a member its schema does not name.
extension FuzzCaseGenerator {
    /// Why a request the schemas accept cannot be called valid: it carries a required parameter or
    /// property whose description restricts it in words Conform cannot read. Nil when none does.
    func unreadWords(parameters: ParameterSet, body: RequestDraft.Body) -> String? {
        for parameter in endpoint.parameters {
            guard case .probe(let words)? = validity.rule(endpoint, parameter), parameters.holds(parameter)
            else {
                continue
            }
            return
                "parameter \(parameter.name) is restricted in words Conform does not read: \(Self.quote(words))"
        }
        if let pointer = endpoint.request?.schemaPointer, let value = object(of: body),
            let unread = validity.unreadProperty(in: value, schemaAt: pointer)
        {
            return
                "property \(unread.name) is restricted in words Conform does not read: \(Self.quote(unread.words))"
        }
        return nil
    }

    /// The name of the member ``withUndeclaredMember(_:)`` adds.
    static let undeclaredMember = "conform_extra"

    /// `request` with one more member its JSON body's schema does not name, where the schema allows
    /// it (no `additionalProperties: false`): a server that refuses it rejects data its description
    /// calls valid. Nil when the body is not a JSON object or the schema closes it.
    func withUndeclaredMember(_ request: FuzzRequest) -> FuzzRequest? {
        guard case .json(.object(var object)) = request.draft.body, object[Self.undeclaredMember] == nil,
            let spec = endpoint.request, MediaType.isJSON(spec.contentType), let pointer = spec.schemaPointer
        else { return nil }
        object[Self.undeclaredMember] = .string("extra")
        let body = JSONValue.object(object)
        guard validity.schemas.validate(body, at: pointer).isValid else { return nil }
        var extra = request
        extra.draft.body = .json(body)
        return extra
    }

    private static func quote(_ words: String) -> String {
        let flat = words.split(whereSeparator: \.isNewline).joined(separator: " ")
        return "\"" + (flat.count > 100 ? flat.prefix(99) + "…" : flat) + "\""
    }
}

extension ParameterSet {
    /// Whether a value for `parameter` is set.
    func holds(_ parameter: Parameter) -> Bool {
        switch parameter.location {
        case .path: return path[parameter.name] != nil
        case .query: return query.contains { $0.name == parameter.name }
        case .header: return headers.contains { $0.name.lowercased() == parameter.name.lowercased() }
        }
    }
}
