import ContractKit
import JSONSchema

/// The invalid requests of one endpoint, each built from a valid one with one thing broken: each
/// schema violation of the body, malformed JSON, a wrong content type, an oversized body, each
/// required parameter left out and each parameter made invalid. A request is called invalid only
/// when what the server reads back breaks the schema.
extension FuzzCaseGenerator {
    /// Invalid requests built from `valid` (a positive request), at most `limit`, the kinds taken in
    /// turn so that a small limit still covers each kind; then, beyond `limit`, one schema
    /// violation at each place of the body the limited ones did not reach (see `bodyCoverage`).
    ///
    /// The body's violations break the body of `fullest` where given (the valid request whose
    /// body has the most values, among those not answered with a 5xx), sent with `valid`'s
    /// parameters: a place the valid body leaves out, an optional property, cannot be broken, and the first valid body is often the one with
    /// required properties only; its parameters stay the plain ones, so that an optional header
    /// the server refuses (Prefect's 400 on an API version it does not know) cannot hide what the
    /// body breaks.
    func negative(from valid: FuzzRequest, fullest: FuzzRequest? = nil, limit: Int) -> [FuzzRequest] {
        var bodyBase = valid
        if let fullest { bodyBase.draft.body = fullest.draft.body }
        let mutated = bodyMutations(from: bodyBase)
        var groups = [missingItemNegatives(from: valid)]
        groups += bodyNegatives(from: bodyBase, mutated: mutated.map(\.request))
        groups.append(parameterNegatives(from: valid))
        var requests: [FuzzRequest] = []
        var round = 0
        while requests.count < limit && groups.contains(where: { round < $0.count }) {
            for group in groups where round < group.count && requests.count < limit {
                requests.append(group[round])
            }
            round += 1
        }
        return requests + bodyCoverage(mutated, besides: requests)
    }

    /// Requests that name an item that cannot exist: one Conform deleted, in the path; in the body,
    /// a reference (a value the contract's examples take from a capture, such as a menu id) that no
    /// answer gave. A correct server refuses both with a 4xx.
    func missingItemNegatives(from valid: FuzzRequest) -> [FuzzRequest] {
        var requests: [FuzzRequest] = []
        // A repeated `DELETE` may succeed (it is idempotent), and a `PUT` that declares 201, or
        // creates its resource's items on their own path, creates the item it names anew.
        let mayRecreate =
            endpoint.method == "DELETE"
            || (endpoint.method == "PUT"
                && (endpoint.responses.contains { $0.status == .code(201) }
                    || resource?.createsOnItem == true))
        if let resource, model.item(endpoint.path) != nil, !mayRecreate,
            let gone = live.deleted[resource.name]?.last
        {
            var request = valid
            request.intent = .negative(
                "path names \(resource.name) item \(Self.describe(gone)), which was deleted")
            for (name, value) in gone where request.draft.path[name] != nil {
                request.draft.path[name] = value
            }
            requests.append(request)
        }
        if case .json(let body) = valid.draft.body, let pointer = endpoint.request?.schemaPointer {
            for binding in bodyBindings {
                guard let family = live.families[binding.variable], !family.isEmpty,
                    let match = binding.pattern.matches(in: body).first,
                    let unknown = Self.unknownValue(besides: family)
                else { continue }
                let changed = body.replacing(at: match.pointer, with: unknown)
                guard schemas.validate(changed, at: pointer).isValid else { continue }
                var request = valid
                request.intent = .negative(
                    "body\(match.pointer.displayText) = \(Template.plainText(unknown)) names nothing any answer gave as {{\(binding.variable)}}"
                )
                request.draft.body = .json(changed)
                requests.append(request)
            }
        }
        return requests
    }

    /// A value of the family's type that is none of its values: far above every number, or a text
    /// no server would have made.
    static func unknownValue(besides family: [JSONValue]) -> JSONValue? {
        let numbers = family.compactMap { $0.numberValue.flatMap { Int64($0.description) } }
        if numbers.count == family.count, let largest = numbers.max(), largest < Int64.max / 4 {
            return .number(JSONNumber(largest * 2 + 1_000_003))
        }
        if family.allSatisfy({ $0.stringValue != nil }) { return .string("conform-unknown-7f3a") }
        return nil
    }

    static func describe(_ address: LiveValues.Address) -> String {
        address.sorted { $0.key < $1.key }.map { Template.plainText($0.value) }.joined(separator: "/")
    }

    private func bodyNegatives(from valid: FuzzRequest, mutated: [FuzzRequest]) -> [[FuzzRequest]] {
        var groups: [[FuzzRequest]] = []
        let base = ParameterSet(valid.draft)
        guard let spec = endpoint.request else { return [] }
        guard object(of: valid.draft.body) != nil, requestSchema != nil, let pointer = spec.schemaPointer
        else {
            if spec.isRequired {
                groups.append([request(.negative("missing required body"), base, .none)])
            }
            return groups
        }
        // Schema violations are where servers' validation bugs live: they take two turns a round
        // (as two groups, alternate elements, order kept) to every other kind's one.
        groups.append(mutated.enumerated().filter { $0.offset % 2 == 0 }.map(\.element))
        groups.append(mutated.enumerated().filter { $0.offset % 2 == 1 }.map(\.element))
        if case .json(let json) = valid.draft.body { groups += malformedJSON(json, base: base) }
        groups.append(envelopeProbes(of: valid, spec: spec, pointer: pointer, base: base))
        return groups
    }

    /// Malformed forms of a JSON body, which must be rejected, and the forms RFC 8259 lets a
    /// parser accept, which are probes.
    private func malformedJSON(_ json: JSONValue, base: ParameterSet) -> [[FuzzRequest]] {
        var groups: [[FuzzRequest]] = []
        groups.append(
            MalformedBody.allCases.filter { isInvalid($0) }.map { malformed in
                request(
                    .negative("malformed JSON: \(malformed.summary)"), base,
                    .raw(malformed.bytes(from: json), contentType: nil))
            })
        // RFC 8259 lets a parser ignore a leading byte-order mark (§8.1) and accept non-JSON
        // extensions (§9): accepting one is information, not a fault; only a 5xx fails.
        let tolerated = [MalformedBody.byteOrderMark] + MalformedBody.allCases.filter(\.isCommonExtension)
        groups.append(
            tolerated.map { malformed in
                let what =
                    malformed == .byteOrderMark
                    ? "a UTF-8 byte-order mark before the JSON" : "a body with \(malformed.summary)"
                let rule = malformed == .byteOrderMark ? "RFC 8259 §8.1" : "RFC 8259 §9"
                return request(
                    .tolerated(what, allowedBy: rule), base,
                    .raw(malformed.bytes(from: json), contentType: nil))
            })
        return groups
    }

    /// A valid body labelled with a type the server does not take, and an oversized body.
    private func envelopeProbes(
        of valid: FuzzRequest, spec: RequestSpec, pointer: JSONPointer, base: ParameterSet
    )
        -> [FuzzRequest]
    {
        var probes: [FuzzRequest] = []
        if let undeclared = undeclaredContentType(of: spec) {
            var wrongType = request(.negative("wrong content type \(undeclared)"), base, valid.draft.body)
            wrongType.draft.contentType = undeclared
            wrongType.httpStatuses = [415]
            if case .raw(let bytes, _) = valid.draft.body {
                wrongType.draft.body = .raw(bytes, contentType: nil)
            }
            // A body the server cannot read is no body: where the body is optional, a server may
            // ignore one labelled with a type it does not take.
            if !spec.isRequired { wrongType.intent = .tolerated("a body labelled \(undeclared)") }
            probes.append(wrongType)
        }
        // The valid body with one more member 11 MiB long, so what is probed is the size: a
        // server that checks the body first still sees every field it needs. The description
        // sets no size limit, so the probe is invalid only where the schema says so (a closed
        // object); otherwise it must not crash or hang the server.
        let large = oversized(around: valid.draft.body)
        let breaksSchema = !schemas.validate(large.readBack, at: pointer).isValid
        var oversized = request(
            breaksSchema
                ? .negative("oversized body (\(Self.oversizedBodyBytes / 1_048_576) MiB)")
                : .tolerated("an \(Self.oversizedBodyBytes / 1_048_576) MiB body"),
            base, .raw(large.bytes, contentType: nil))
        oversized.httpStatuses = [413]
        return probes + [oversized]
    }

    /// A media type the operation does not declare for its body: `text/plain` unless it is one
    /// (Docker's global `consumes` lists it beside JSON), else another; nil when the declared
    /// types cover them all (`*/*`).
    func undeclaredContentType(of spec: RequestSpec) -> String? {
        var declared = [MediaType.essence(spec.contentType)]
        if case .object(let others)? = spec.pointer.appending("x-otherContentTypes").resolve(
            in: contract.document)
        {
            declared += others.keys.map(MediaType.essence)
        }
        func covers(_ range: String, _ type: String) -> Bool {
            range == type || range == "*/*" || (range.hasSuffix("/*") && type.hasPrefix(range.dropLast()))
        }
        return ["text/plain", "application/octet-stream", "image/x-conform-probe"].first { type in
            !declared.contains { covers($0, type) }
        }
    }

    private func parameterNegatives(from valid: FuzzRequest) -> [FuzzRequest] {
        let base = ParameterSet(valid.draft)
        var requests: [FuzzRequest] = []
        for parameter in endpoint.parameters {
            if parameter.isRequired && parameter.location != .path {
                var missing = base
                missing.remove(parameter)
                let intent: FuzzRequest.Intent =
                    parameter.location == .header
                    ? .missingHeader(parameter.name)
                    : .negative("required \(parameter.location.rawValue) parameter \(parameter.name) missing")
                requests.append(request(intent, missing, valid.draft.body))
            }
            for (description, value) in invalidValues(for: parameter) {
                var changed = base
                changed.set(parameter, value)
                let what = "\(parameter.location.rawValue) parameter \(parameter.name) \(description)"
                // Servers commonly read an empty query value as absent: a probe, not invalid data.
                var probe = request(
                    description == "empty" ? .tolerated(what) : .negative(what), changed, valid.draft.body)
                // HTTP's own answers to a target or a field that is too long.
                if description == "too long" {
                    probe.httpStatuses = parameter.location == .header ? [431, 400] : [414]
                }
                requests.append(probe)
            }
        }
        return requests
    }

    /// Whether a malformed body is invalid for this endpoint: an empty body is valid where the
    /// request body is optional, and a byte-order mark is sent apart as a tolerated probe.
    private func isInvalid(_ malformed: MalformedBody) -> Bool {
        guard malformed.isSyntacticallyInvalid, malformed != .byteOrderMark, !malformed.isCommonExtension
        else {
            return false
        }
        if malformed == .empty { return endpoint.request?.isRequired ?? false }
        return true
    }

    /// Values a parameter's schema rejects once the server has read them back, each with how it
    /// breaks the schema: values just outside its range and enum first, then generic wrong values.
    private func invalidValues(for parameter: Parameter) -> [(String, JSONValue)] {
        guard let pointer = parameter.schemaPointer, let schema = navigator.schema(at: pointer) else {
            return []
        }
        var candidates = Self.edgeCandidates(of: schema)
        candidates += [
            ("of the wrong type", "not-a-number"), ("not matching its pattern", "!!invalid!!"),
            ("too long", String(repeating: "x", count: 4096)), ("negative", "-1"),
            ("huge", "99999999999999999999"),
            ("a fraction", "1.5"),
            // A number in exponent notation: routers with format suffixes (`4.2e-3` → `4`,
            // format `2e-3`) send it elsewhere, where the answer is often an HTML page.
            ("a fraction in exponent notation", "4.2e-3"),
        ]
        // An empty path segment is a different route (`/users/`), not an invalid value, and an
        // empty array parameter (`?type=`) reads as `[]` or `[""]` depending on the server.
        if parameter.location != .path && !navigator.types(of: schema).contains("array") {
            candidates.insert(("empty", ""), at: 0)
        }
        var seen = Set<String>()
        return candidates.compactMap { description, text -> (String, JSONValue)? in
            let value = JSONValue.string(text)
            guard let readBack = carried(value, by: parameter),
                !schemas.validate(readBack, at: pointer).isValid,
                seen.insert(text).inserted
            else { return nil }
            return (description, value)
        }.prefix(5).map { $0 }
    }

    /// Values one step past the schema's declared bounds and outside its enum.
    static func edgeCandidates(of schema: JSONValue) -> [(String, String)] {
        guard let object = schema.objectValue else { return [] }
        var candidates: [(String, String)] = []
        func integer(_ key: String) -> JSONNumber? {
            guard let number = object[key]?.numberValue, number.isInteger else { return nil }
            return number
        }
        // Past any bound, 2^63 included: decimal arithmetic on the bound's digits.
        if let maximum = integer("maximum"), let above = IntegerText.step(maximum, upward: true) {
            candidates.append(("above its maximum \(maximum)", above.description))
        }
        if let maximum = integer("exclusiveMaximum") {
            candidates.append(("at its exclusive maximum \(maximum)", maximum.description))
        }
        if let minimum = integer("minimum"), let below = IntegerText.step(minimum, upward: false) {
            candidates.append(("below its minimum \(minimum)", below.description))
        }
        if let minimum = integer("exclusiveMinimum") {
            candidates.append(("at its exclusive minimum \(minimum)", minimum.description))
        }
        if let values = object["enum"]?.arrayValue, let first = values.first {
            candidates.append(("outside its enum", Template.plainText(first) + "-not-in-enum"))
        }
        return candidates
    }

    /// Requests with each method that no endpoint declares for the concrete path of `valid`. A
    /// method another template declares for the same URL (`DELETE /user/login` through
    /// `/user/{username}`) is not sent: servers route such overlaps in different ways, and both are
    /// correct.
    func unsupportedMethods(from valid: FuzzRequest) -> [FuzzRequest] {
        let url = valid.draft.url(baseURL: "")
        let expanded =
            url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first
            .map(String.init) ?? url
        let concretePath = expanded.removingPercentEncoding ?? expanded
        let declared = Set(
            contract.endpoints.filter {
                $0.path.template == endpoint.path.template || $0.path.match(concretePath) != nil
            }.map(\.method))
        return ["GET", "POST", "PUT", "PATCH", "DELETE"].filter { !declared.contains($0) }.map { method in
            var request = request(.unsupportedMethod, ParameterSet(valid.draft), .none)
            request.draft.method = method
            return request
        }
    }

    func request(_ intent: FuzzRequest.Intent, _ parameters: ParameterSet, _ body: RequestDraft.Body)
        -> FuzzRequest
    {
        FuzzRequest(intent: intent, draft: parameters.draft(for: endpoint, body: body))
    }

    /// `body` with a member of `oversizedBodyBytes` added (a JSON object's or a URL-encoded form's),
    /// and the value the server reads from it; `{"padding":"xxx…"}` for any other body.
    func oversized(around body: RequestDraft.Body) -> (bytes: [UInt8], readBack: JSONValue) {
        let padding = JSONValue.string(Self.oversizedPadding)
        switch body {
        case .json(.object(let object)):
            let name = Self.unusedName(in: object.keys)
            var bytes = JSONSerializer().bytes(.object(object))
            bytes.removeLast()
            bytes += Array(((object.isEmpty ? "" : ",") + "\"" + name + "\":\"").utf8)
            bytes += Self.oversizedPadding.utf8
            bytes += Array("\"}".utf8)
            var readBack = object
            readBack[name] = padding
            return (bytes, .object(readBack))
        case .raw(let bytes, let type?) where MediaType.essence(type) == "application/x-www-form-urlencoded":
            guard case .object(var readBack)? = object(of: body) else { break }
            let name = Self.unusedName(in: readBack.keys)
            readBack[name] = padding
            return (
                bytes + Array(((bytes.isEmpty ? "" : "&") + name + "=").utf8) + Self.oversizedPadding.utf8,
                .object(readBack)
            )
        default:
            break
        }
        return (Self.oversizedBody, .object(JSONObject([("padding", padding)])))
    }

    /// `padding`, or the first of `padding_2`, `padding_3` … that `names` does not hold.
    private static func unusedName(in names: some Sequence<String>) -> String {
        var taken = Set(names)
        return taken.insertUnique("padding")
    }
}
