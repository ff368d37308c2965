import ContractKit
import Foundation
import JSONSchema
import SchemaGeneration

/// Builds the requests the server fuzzer sends for one endpoint: valid ones from the request and
/// parameter schemas (with the values the contract's examples take from captures, such as real menu
/// ids), and invalid ones (see `FuzzCaseGenerator+Negative`).
///
/// A request is called valid only when the description says so once the server has read it back:
/// each parameter value goes through its style (`ParameterSerializer`) and is read back as a server
/// would (`ParameterReader`) before the schema judges it, so a value that cannot travel (`null` in
/// a query, an element holding its list's comma) is never sent as valid data. Where the description
/// cannot tell (a parameter without a type, a body type Conform cannot build), the request is a
/// probe, judged only against the declared responses.
struct FuzzCaseGenerator {
    let contract: Contract
    let endpoint: Endpoint
    let variables: [String: JSONValue]
    /// What the run learned from answers: captured families, live and deleted items.
    let live: LiveValues
    /// The resource whose item (or nested collection) this endpoint's path names, if any.
    let resource: Resource?
    let model: ResourceModel
    let generator: InstanceGenerator
    let navigator: SchemaNavigator
    let reader: ParameterReader
    let schemas: ContractSchemas
    /// What valid requests are generated and judged by: the schemas with the description's words
    /// and examples heard (``DescribedValidity``).
    let validity: DescribedValidity
    /// Bodies above the usual server limits (the mock's is 10 MiB).
    static let oversizedBodyBytes = 11 * 1_048_576
    /// The text of the oversized body's one member, made once per process from bytes
    /// (`String(repeating:count:)` appends character by character: 0.5 s for 11 MiB).
    static let oversizedPadding = String(
        decoding: [UInt8](repeating: UInt8(ascii: "x"), count: oversizedBodyBytes), as: UTF8.self)
    /// The oversized body, `{"padding":"xxx…"}`, built once per process.
    static let oversizedBody: [UInt8] =
        Array(#"{"padding":""#.utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: oversizedBodyBytes)
        + Array(#""}"#.utf8)

    init(
        contract: Contract, endpoint: Endpoint, variables: [String: JSONValue], schemas: ContractSchemas,
        generator: InstanceGenerator, live: LiveValues = LiveValues(), model: ResourceModel? = nil,
        validity: DescribedValidity? = nil
    ) {
        self.contract = contract
        self.endpoint = endpoint
        self.variables = variables
        self.live = live
        let model = model ?? ResourceModel(endpoints: [])
        self.model = model
        self.resource = model.item(endpoint.path) ?? model.collection(endpoint.path)
        self.generator = generator
        self.navigator = SchemaNavigator(document: contract.document)
        self.reader = ParameterReader(navigator: navigator)
        self.schemas = schemas
        self.validity = validity ?? DescribedValidity(plain: schemas, generator: generator)
    }

    // MARK: - Valid requests

    /// Up to `count` valid requests (or probes), boundary values first; deterministic for
    /// `random`'s seed. Empty when the endpoint needs a body Conform cannot build.
    ///
    /// Valid requests explore: each parameter takes its boundary values in turn (the bounds, every
    /// enum member, the empty and longest strings) before random ones, and no two requests are
    /// the same, so a `limit=100` maximum or an unusual category is sent within the first cases.
    ///
    /// Two more requests vary how the first is written: `Accept: */*`, and a body with a member
    /// the schema does not name where it allows one (``withUndeclaredMember(_:)``). A `plain` set
    /// (what a story sends) has neither, and no optional conditional header (`If-Match`): a story
    /// writes and reads unconditionally, and a made-up entity tag makes a create answer 412.
    func positive(count: Int, random: inout SeededRandom, plain: Bool = false) -> [FuzzRequest] {
        // An endpoint without inputs has only one valid request.
        var count = endpoint.parameters.isEmpty && endpoint.request == nil ? 1 : count
        guard var bodies = validBodies(count: count, random: &random) else { return [] }
        if !plain {
            let coverage = coverageBodies(besides: bodies)
            bodies += coverage
            count += coverage.count
        }
        var requests: [FuzzRequest] = []
        var seen = Set<String>()
        var exploration = ParameterExploration(generator: self)
        for index in 0..<(count * 2) where requests.count < count {
            let body = bodies[index % bodies.count]
            guard
                let (parameters, probe, madeUp) = validParameters(
                    random: &random, includeOptional: index % 2 == 1, index: index, exploring: &exploration,
                    conditional: !plain)
            else { continue }
            var intent = FuzzRequest.Intent.positive
            if let probe {
                intent = .probe(probe)
            } else if case .raw(_, let type?) = body, !isBuildable(type) {
                intent = .probe("a \(type) body Conform cannot build from the schema")
            } else if let unread = unreadWords(parameters: parameters, body: body) {
                intent = .probe(unread)
            }
            let draft = parameters.draft(for: endpoint, body: body)
            guard seen.insert(Self.key(of: draft)).inserted else { continue }
            var request = FuzzRequest(intent: intent, draft: draft)
            request.namesMadeUpItem = madeUp
            requests.append(request)
        }
        // A client that accepts anything says `*/*` (or nothing): the server must still answer
        // with a declared status and type (RFC 9110 §12.5.1).
        guard !plain else { return requests }
        if let extra = requests.first(where: { $0.intent == .positive }).flatMap(withUndeclaredMember) {
            requests.append(extra)
        }
        if let first = requests.first, endpoint.responses.contains(where: { !$0.contentTypes.isEmpty }) {
            var anyType = first
            anyType.draft.accept = "*/*"
            requests.append(anyType)
        }
        return requests
    }

    /// What makes two valid requests the same: the URL and the body.
    static func key(of draft: RequestDraft) -> String {
        let body: String
        switch draft.body {
        case .none: body = ""
        case .json(let value): body = value.compactText
        case .raw(let bytes, let type): body = (type ?? "") + String(decoding: bytes, as: UTF8.self)
        }
        let headers = draft.headers.map { "\($0.name)=\(Template.plainText($0.value))" }.joined(
            separator: "&")
        return draft.url(baseURL: "") + " " + headers + " " + body
    }

    /// One valid body for the endpoint's request (a JSON or form body generated from its schema),
    /// or `.none` when it takes none; nil when it needs a body Conform cannot build.
    func validBody(random: inout SeededRandom) -> RequestDraft.Body? {
        guard let bodies = validBodies(count: 1, random: &random) else { return nil }
        return bodies.first ?? RequestDraft.Body.none
    }

    /// Values for every required parameter (and, when asked, the optional ones), each one the
    /// request carries faithfully and the schema accepts as read back; with the name of a
    /// parameter whose schema gives no type (the request is then a probe). Nil when a required
    /// parameter gets no such value.
    private func validParameters(
        random: inout SeededRandom, includeOptional: Bool, index: Int, exploring: inout ParameterExploration,
        conditional: Bool = true
    ) -> (ParameterSet, probe: String?, madeUpPath: Bool)? {
        var set = ParameterSet()
        var probe: String?
        var madeUpPath = false
        // One valid request names an item nobody made, where the others name live ones: how a
        // server answers for a missing item (404, or Prefect's 500 on resuming a flow run that
        // does not exist) is part of its contract too.
        let address = index == Self.madeUpItemIndex ? nil : liveAddress(index: index)
        for parameter in endpoint.parameters {
            let rule = validity.rule(endpoint, parameter)
            guard rule != .leaveOut, parameter.isRequired || includeOptional || rule == .alwaysSend else {
                continue
            }
            if !conditional, !parameter.isRequired, parameter.location == .header,
                parameter.name.lowercased().hasPrefix("if-")
            {
                continue
            }
            if parameter.location == .path, let value = address?[parameter.name] {
                set.set(parameter, value)
                continue
            }
            // An optional parameter an example fills from a capture (a filter such as
            // `category`) takes the captured values on every other request it is in, and explored
            // values on the rest: a value no item has is valid too, and servers fail on it.
            if parameter.location == .path || parameter.isRequired || (index / 2) % 2 == 0,
                let bound = boundValue(of: parameter, index: index)
            {
                set.set(parameter, bound)
                continue
            }
            guard let pointer = parameter.schemaPointer, let schema = navigator.schema(at: pointer),
                !isUntyped(schema)
            else {
                probe =
                    probe ?? "parameter \(parameter.name) has no type, so any value may be read differently"
                set.set(parameter, .string(Self.untypedProbe(in: parameter.location, index: index)))
                continue
            }
            // A page token or cursor is a value only the server issues: one an answer gave, or none.
            if ServerIssued.isServerIssued(parameter, schema: schema, navigator: navigator) {
                let issued = live.seenValues(named: [parameter.name]).filter { $0.stringValue != nil }
                if !issued.isEmpty {
                    set.set(parameter, issued[index % issued.count])
                } else if parameter.isRequired {
                    probe =
                        probe
                        ?? "parameter \(parameter.name) takes a value only the server issues, and no answer gave one"
                    set.set(parameter, .string(Self.untypedProbe(in: parameter.location, index: index)))
                }
                continue
            }
            let found =
                exploring.next(for: parameter, schema: schema, pointer: pointer)
                ?? validity.generator.validInstance(for: validSchema(at: pointer) ?? schema, using: &random) {
                    generated in
                    guard isPlain(generated, in: parameter.location),
                        let readBack = carried(generated, by: parameter)
                    else { return false }
                    return validity.schemas.validate(readBack, at: pointer).isValid
                }
            if let found {
                set.set(parameter, found)
                if parameter.location == .path { madeUpPath = true }
            } else if parameter.isRequired {
                return nil
            }
        }
        return (set, probe, madeUpPath)
    }

    /// The text a parameter without a type takes in the `index`-th request (optional parameters
    /// are in every other one, so each text lasts two). Any text is valid for
    /// it, so these are probes judged by the declared responses alone; they vary (numbers, a
    /// boolean, non-ASCII text in a query) because servers crash on what they do not expect, as
    /// httpbin's `/response-headers` does on a value that is not Latin-1. A path keeps one plain
    /// word: another text may route elsewhere.
    static func untypedProbe(in location: Parameter.Location, index: Int) -> String {
        let texts: [String]
        switch location {
        case .path: texts = ["value"]
        case .header: texts = ["value", "0", "-1", "true", "1.5"]
        case .query: texts = ["value", "0", "-1", "true", "1.5", "zoë ☃"]
        }
        return texts[(index / 2) % texts.count]
    }

    /// The item (or, for a nested collection, the parent item) the `index`-th request addresses:
    /// the live items in turn, so valid requests reach items that exist, all of them.
    /// The valid request (by index) whose path names a made-up item although live ones are known:
    /// one with the required parameters only, so nothing else in it can be what is refused.
    static let madeUpItemIndex = 2

    func liveAddress(index: Int) -> LiveValues.Address? {
        guard let resource else { return nil }
        let ownItem = model.item(endpoint.path) != nil
        let owner = ownItem ? resource.name : resource.parent?.resource
        guard let owner, let items = live.items[owner], !items.isEmpty else { return nil }
        let address = items[index % items.count]
        return ownItem ? address : model.parentValues(of: resource, from: address)
    }

    /// Whether a schema says nothing of its values' type: no `type` (here or through `$ref`,
    /// `anyOf`, `oneOf`, `allOf`), no `enum`, no `const`. A server reads such a parameter's text as
    /// it likes.
    func isUntyped(_ schema: JSONValue) -> Bool {
        let resolved = navigator.resolve(schema)
        return navigator.types(of: resolved).isEmpty && resolved["enum"] == nil && resolved["const"] == nil
    }

    /// Whether a value is one servers read as it is, so a request carrying it can be called valid:
    /// no control characters, no `/` in a path segment (decoded before routing by many servers),
    /// and not so long that HTTP's own limits answer (414 for a long target).
    func isPlain(_ value: JSONValue, in location: Parameter.Location) -> Bool {
        let texts: [String]
        switch value {
        case .array(let elements): texts = elements.map(Template.plainText)
        case .object(let object): texts = object.members.map { Template.plainText($0.value) }
        default: texts = [Template.plainText(value)]
        }
        let limit = location == .path ? 200 : 1_000
        return texts.allSatisfy { text in
            text.utf8.count <= limit && !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
                && (location != .path || !text.contains("/"))
        }
    }

    /// `value` as the server reads it back after it travelled in `parameter`'s place and style;
    /// nil when the request cannot carry it.
    func carried(_ value: JSONValue, by parameter: Parameter) -> JSONValue? {
        switch parameter.location {
        case .query:
            return ParameterSerializer.queryPairs(value, for: parameter).flatMap {
                reader.queryValue(of: parameter, in: $0)
            }
        case .path:
            return ParameterSerializer.pathText(value, for: parameter).map {
                reader.pathValue(of: parameter, text: $0)
            }
        case .header:
            return ParameterSerializer.headerText(value, for: parameter).map {
                reader.headerValue(of: parameter, text: $0)
            }
        }
    }

    // MARK: - Bodies

    /// The schema at `pointer` as valid requests read it (with the words heard).
    func validSchema(at pointer: JSONPointer) -> JSONValue? {
        pointer.resolve(in: validity.schemas.contract.document)
    }

    /// The request's body schema, when it has one.
    var requestSchema: JSONValue? {
        guard let pointer = endpoint.request?.schemaPointer else { return nil }
        return pointer.resolve(in: contract.document)
    }

    /// Whether Conform builds bodies of `contentType` from a schema: JSON and forms.
    func isBuildable(_ contentType: String) -> Bool {
        MediaType.isJSON(contentType) || FormBody.isForm(contentType)
    }

    /// `count` valid bodies: JSON or form bodies generated from the schema (boundaries first), none
    /// for an endpoint without a body. An optional body Conform cannot build is left out; nil when
    /// such a body is required (no request without it would be valid).
    private func validBodies(count: Int, random: inout SeededRandom) -> [RequestDraft.Body]? {
        guard let spec = endpoint.request else { return Array(repeating: .none, count: count) }
        guard requestSchema != nil, let pointer = spec.schemaPointer, let schema = validSchema(at: pointer),
            isBuildable(spec.contentType)
        else {
            return spec.isRequired ? nil : Array(repeating: .none, count: count)
        }
        // Boundary bodies first (the minimal and the fullest object, then every property at its
        // next edges at once), three in four of them; random ones after, for variety.
        var values = validity.generator.boundaryInstances(for: schema, limit: max(1, count - count / 4))
        var attempts = 0
        while values.count < count * 2 && attempts < count * 4 {
            attempts += 1
            if let value = try? validity.generator.instance(for: schema, using: &random) {
                values.append(value)
            }
        }
        values = values.enumerated().map { bind($0.element, index: $0.offset) }
        var bodies: [RequestDraft.Body] = []
        for value in values
        where bodies.count < count && validity.schemas.validate(value, at: pointer).isValid {
            guard let encoded = body(value, type: spec.contentType),
                validity.schemas.validate(encoded.readBack, at: pointer).isValid
            else { continue }
            bodies.append(encoded.body)
        }
        guard !bodies.isEmpty else { return spec.isRequired ? nil : Array(repeating: .none, count: count) }
        // An optional body may be left out: that request is valid too.
        if !spec.isRequired && bodies.count > 1 { bodies[1] = .none }
        return bodies
    }

    /// How many rounds of each body property's boundary values are sent on their own beyond the
    /// budget, and at most how many such bodies an endpoint sends.
    static let coverageRounds = 2
    static let coverageLimit = 24

    /// Valid bodies beyond the `--cases` budget: the required properties plain and one property
    /// at its next boundary values, for every property (``InstanceGenerator/propertyBoundaries(for:rounds:)``),
    /// those `sent` does not hold. A budget of five reaches the edges of two or three properties;
    /// the closest peer's coverage phase reaches them all, and so must we.
    func coverageBodies(besides sent: [RequestDraft.Body]) -> [RequestDraft.Body] {
        guard let spec = endpoint.request, let pointer = spec.schemaPointer,
            let schema = validSchema(at: pointer),
            isBuildable(spec.contentType)
        else { return [] }
        var bodies: [RequestDraft.Body] = []
        let values = validity.generator.propertyBoundaries(for: schema, rounds: Self.coverageRounds)
        for (offset, value) in values.enumerated() where bodies.count < Self.coverageLimit {
            let bound = bind(value, index: sent.count + offset)
            guard validity.schemas.validate(bound, at: pointer).isValid,
                let encoded = body(bound, type: spec.contentType),
                validity.schemas.validate(encoded.readBack, at: pointer).isValid,
                !sent.contains(encoded.body), !bodies.contains(encoded.body)
            else { continue }
            bodies.append(encoded.body)
        }
        return bodies
    }

    /// `value` as a body of `type`, with the value a server reads back from it: JSON as it is; a
    /// form when every field can be a form field (read back by the field types the schema names).
    func body(_ value: JSONValue, type: String) -> (body: RequestDraft.Body, readBack: JSONValue)? {
        if MediaType.isJSON(type) { return (.json(value), value) }
        guard let encoded = FormBody.encode(value, contentType: type),
            let fields = FormBody.fields(encoded.bytes, contentType: encoded.contentType)
        else { return nil }
        let readBack = FormBody.object(fields, schema: requestSchema, navigator: navigator)
        return (.raw(encoded.bytes, contentType: encoded.contentType), readBack)
    }

    /// The body as the object it encodes, for mutating: a JSON body, or a form read back.
    func object(of body: RequestDraft.Body) -> JSONValue? {
        switch body {
        case .json(let value): return value
        case .raw(let bytes, let type?) where FormBody.isForm(type):
            return FormBody.fields(bytes, contentType: type).map {
                FormBody.object($0, schema: requestSchema, navigator: navigator)
            }
        default: return nil
        }
    }
}
