/// Where a compared schema is used: a request body, a parameter, a response body or a response
/// header. It decides the direction the facts are judged in and the first words of the rule id.
struct SchemaSubject: Sendable, Hashable {
    enum Place: Sendable, Hashable {
        case requestBody
        case parameter(location: String, name: String)
        case responseBody(status: String)
        case responseHeader(status: String, name: String)
    }

    var place: Place
    /// For a parameter: whether it is required (old clients always send it).
    var isRequired = false

    var direction: CompatDirection {
        switch place {
        case .requestBody, .parameter: return .request
        case .responseBody, .responseHeader: return .response
        }
    }

    /// Whether the schema is an optional request parameter's: old clients that leave it out mean
    /// its default.
    var isOptionalParameter: Bool { isParameter && !isRequired }

    /// Whether the schema is a request parameter's.
    var isParameter: Bool {
        if case .parameter = place { return true }
        return false
    }

    var isResponseHeader: Bool {
        if case .responseHeader = place { return true }
        return false
    }

    /// Whether `null` can be a value here: not in a query string, a path or a header, which carry
    /// text (a parameter's object-valued properties aside).
    func carriesNull(at path: [String]) -> Bool {
        switch place {
        case .parameter, .responseHeader: return !path.isEmpty
        case .requestBody, .responseBody: return true
        }
    }

    /// The start of a rule id: `request-body` for the body itself, `request-property` for a
    /// property inside it, and so on.
    func idPrefix(nested: Bool) -> String {
        switch place {
        case .requestBody: return nested ? "request-property" : "request-body"
        case .parameter(let location, _):
            guard nested else { return "request-parameter" }
            return location == "header" ? "request-header-property" : "request-parameter-property"
        case .responseBody: return nested ? "response-property" : "response-body"
        case .responseHeader: return "response-header"
        }
    }

    /// What the schema at `path` is, for a sentence: "the response property `items/price`".
    func describe(_ path: [String]) -> String {
        let property = path.joined(separator: "/")
        switch place {
        case .requestBody:
            return path.isEmpty ? "the request body" : "the request property `\(property)`"
        case .parameter(let location, let name):
            let parameter = "the \(location) parameter `\(name)`"
            return path.isEmpty ? parameter : "the property `\(property)` of \(parameter)"
        case .responseBody:
            return path.isEmpty ? "the response body" : "the response property `\(property)`"
        case .responseHeader(_, let name):
            let header = "the response header `\(name)`"
            return path.isEmpty ? header : "the property `\(property)` of \(header)"
        }
    }

    /// The status a response change belongs to, for a sentence: "for status 200".
    var context: String? {
        switch place {
        case .responseBody(let status), .responseHeader(let status, _): return "for status \(status)"
        case .requestBody, .parameter: return nil
        }
    }

    /// Every kind of place, with sample names, for listing the rules.
    static let samples: [(subject: SchemaSubject, nested: Bool)] = [
        (SchemaSubject(place: .requestBody), false),
        (SchemaSubject(place: .requestBody), true),
        (SchemaSubject(place: .parameter(location: "query", name: "limit")), false),
        (SchemaSubject(place: .parameter(location: "query", name: "filter")), true),
        (SchemaSubject(place: .parameter(location: "header", name: "X-Filter")), true),
        (SchemaSubject(place: .responseBody(status: "200")), false),
        (SchemaSubject(place: .responseBody(status: "200")), true),
        (SchemaSubject(place: .responseHeader(status: "200", name: "X-Rate-Limit")), false),
    ]
}
