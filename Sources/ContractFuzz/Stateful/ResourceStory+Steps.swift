import ConformHTTP
import ContractKit
import Foundation
import JSONSchema

/// The requests of a story: each is sent, logged as a step, and its answer checked against what
/// the operation declares.
extension ResourceStory {
    /// Sends `draft` (with `auth`'s credentials, the contract's by default) and logs the step.
    /// - Parameter gone: the request addresses an item the story deleted: a 404 or 410 is the
    ///   answer expected, and is not held to the operation's declared statuses (a description that
    ///   declares only 200 for a read cannot declare how a correct server answers for a deleted
    ///   item; the mock answers so too).
    /// - Parameter guessed: the request is a client's guess the description does not describe
    ///   (the item path with an empty id as a listing): only a success is held to the operation.
    mutating func send(
        _ draft: RequestDraft, auth: ContractAuth?? = nil, carried: String? = nil, gone: Bool = false,
        guessed: Bool = false
    ) async
        -> StoryStep
    {
        let credentials = auth ?? contract.auth
        let record = draft.record(
            baseURL: fuzzer.configuration.baseURL, extraHeaders: fuzzer.configuration.headers,
            auth: credentials)
        let answer = await fuzzer.perform(record, deadline: deadline).result
        sent += 1
        var step = StoryStep(record: record, answer: answer, carried: carried)
        switch answer {
        case .success: answered = true
        case .failure(let error) where error.isUnreachable: unreachable = error
        case .failure: break
        }
        if case .success(let response) = answer {
            if let etag = response.header("ETag") { lastETag = etag }
            let expectedGone =
                gone && [404, 410].contains(response.status)
                && draft.endpoint.response(for: response.status) == nil
            // An answer still busy after the retries says nothing about the request.
            let busy = BusyBackoff.stayedBusy(response, for: draft.endpoint)
            if case .none = auth, !expectedGone, !busy, !guessed || (200..<300).contains(response.status) {
                checkResponse(response, to: record, endpoint: draft.endpoint)
            }
        } else if case .failure(let error) = answer {
            step.carried = nil
            note(
                Finding(
                    check: error.check, message: "no complete response: \(error)", actual: error.description))
        }
        log.append(step)
        return step
    }

    /// The response checks of `conform run` on a story's answer; each finding once.
    mutating func checkResponse(_ response: HTTPResponse, to record: HTTPRequest, endpoint: Endpoint) {
        if contract.auth?.expectsRejection(endpoint.id, status: response.status) == true { return }
        checkAnswer(response, to: record, endpoint: endpoint)
    }

    /// The response checks of any request, on an answer to a request sent without the run's
    /// credentials: a 401 the operation does not declare is a finding like any other.
    mutating func checkAnswer(_ response: HTTPResponse, to record: HTTPRequest, endpoint: Endpoint) {
        for finding in answerFindings(response, to: record, endpoint: endpoint)
        where !responseFindings.contains(where: { $0.check == finding.check && $0.message == finding.message }
        ) {
            responseFindings.append(finding)
        }
    }

    /// The findings of `conform run`'s response checks on one answer, each with its reproducer.
    func answerFindings(_ response: HTTPResponse, to record: HTTPRequest, endpoint: Endpoint) -> [Finding] {
        let checker = ResponseChecker(
            contract: contract, schemas: fuzzer.schemas,
            checks: EndpointSession.responseChecks + [.statusCodeConformance])
        return checker.check(response, to: record, endpoint: endpoint).findings.map { finding in
            var finding = finding
            finding.curl = CaseBuilder(redaction: fuzzer.configuration.redaction).reproducer(record)
            return finding
        }
    }

    private mutating func note(_ finding: Finding) {
        guard !responseFindings.contains(where: { $0.message == finding.message }) else { return }
        responseFindings.append(finding)
    }

    /// Counts one judgement of `check` on `endpointID`, with its finding when it failed.
    mutating func judged(_ check: CheckName, on endpointID: String, _ finding: Finding? = nil) {
        let key = TallyKey(check: check, endpointID: endpointID)
        var tally = tallies[key] ?? Tally(endpointID: endpointID)
        tally.count += 1
        if let finding, !tally.findings.contains(where: { $0.message == finding.message }),
            tally.findings.count < 10
        {
            tally.findings.append(finding)
        }
        tallies[key] = tally
    }

    /// A request to `endpoint` at `address`, with `body`.
    func draft(_ endpoint: Endpoint, at address: LiveValues.Address, body: RequestDraft.Body = .none)
        -> RequestDraft
    {
        var path: [String: JSONValue] = [:]
        for name in endpoint.path.parameterNames { path[name] = address[name] }
        var draft = RequestDraft(endpoint: endpoint, path: path, body: body)
        // A story's request is a valid one: required query and header parameters are sent too
        // (`GET /redirect-to?url=…`), with the simplest value their schema accepts.
        for parameter in endpoint.parameters where parameter.isRequired && parameter.location != .path {
            let conditional = parameter.location == .header ? conditionalValue(of: parameter) : nil
            guard let value = conditional ?? requiredValue(of: parameter, on: endpoint) else { continue }
            if parameter.location == .query {
                draft.query.append((parameter.name, value))
            } else {
                draft.headers.append((parameter.name, value))
            }
        }
        return draft
    }

    /// A valid body for `endpoint`, generated from its request schema; nil when it needs one Conform
    /// cannot build.
    mutating func validBody(for endpoint: Endpoint, live: LiveValues) -> RequestDraft.Body? {
        validDraft(for: endpoint, at: [:], live: live)?.body
    }

    /// A valid request to `endpoint` at `address` (its other parameters and body generated, each
    /// story request with fresh values); nil when it needs a body Conform cannot build.
    mutating func validDraft(for endpoint: Endpoint, at address: LiveValues.Address, live: LiveValues)
        -> RequestDraft?
    {
        let generator = FuzzCaseGenerator(
            contract: contract, endpoint: endpoint, variables: live.variables, schemas: fuzzer.schemas,
            generator: fuzzer.generator, live: live, model: model, validity: fuzzer.validity)
        draws += 1
        let valid = generator.positive(count: draws + Self.fullestOf, random: &random, plain: true)
            .filter { $0.intent == .positive && $0.draft.accept == nil }
        // A client's text has no surrounding spaces: a server that trims them would hide what a
        // story judges (text stored as sent).
        let plain = valid.filter { Self.isPlainText($0.draft.body) }
        let candidates = plain.isEmpty ? valid : plain
        // The first request of a story carries the fullest body (every property it can set), so
        // what later changes leave alone can be seen; later ones take fresh values in turn.
        let chosen =
            draws == 1
            ? candidates.max { Self.size(of: $0.draft.body) < Self.size(of: $1.draft.body) }
            : candidates.dropFirst(Self.fullestOf).last ?? candidates.last
        guard var request = chosen?.draft else { return nil }
        for name in endpoint.path.parameterNames { request.path[name] = address[name] }
        request.accept = nil
        // A client leaves out the optional parameters it does not need (an API-version header
        // filled with made-up text is refused), and gives the required ones described values.
        let required = endpoint.parameters.filter { $0.isRequired && $0.location != .path }
        var query: [(name: String, value: JSONValue)] = []
        var headers: [(name: String, value: JSONValue)] = []
        for parameter in required {
            if parameter.location == .query {
                let generated = request.query.first { $0.name == parameter.name }?.value
                if let value = generated ?? requiredValue(of: parameter, on: endpoint) {
                    query.append((parameter.name, value))
                }
            } else if let value = conditionalValue(of: parameter)
                ?? requiredValue(of: parameter, on: endpoint)
            {
                headers.append((parameter.name, value))
            }
        }
        request.query = query
        request.headers = headers
        if case .json(let value) = request.body, let pointer = endpoint.request?.schemaPointer,
            case .object(let object) = value, let schema = navigator.schema(at: pointer)
        {
            let isValid = { (candidate: JSONObject) in
                fuzzer.schemas.validate(.object(candidate), at: pointer).isValid
            }
            request.body = .json(
                .object(withReferences(object, schema: schema, live: live, isValid: isValid)))
        }
        return request
    }

    /// Whether every text of a body is free of surrounding spaces and control characters.
    static func isPlainText(_ body: RequestDraft.Body) -> Bool {
        guard case .json(let value) = body else { return true }
        func plain(_ value: JSONValue) -> Bool {
            switch value {
            case .string(let text):
                return text == text.trimmingCharacters(in: .whitespacesAndNewlines)
                    && !text.unicodeScalars.contains { $0.value < 0x20 }
            case .array(let elements): return elements.allSatisfy(plain)
            case .object(let object): return object.members.allSatisfy { plain($0.value) }
            default: return true
            }
        }
        return plain(value)
    }

    /// How many candidates the first request of a story chooses its fullest body among.
    static let fullestOf = 6

    static func size(of body: RequestDraft.Body) -> Int {
        if case .json(.object(let object)) = body { return object.members.count }
        if case .raw(let bytes, _) = body { return bytes.count }
        return 0
    }

    // MARK: - Create, read, list

    /// Creates an item under `parent`; its address when the answer names it.
    ///
    /// The first bodies hold evidence (every writable property at a value a reset would change);
    /// a server may refuse a body its description allows (a blank title where the description sets
    /// no minLength, a reference to an item that does not exist): that is fuzzing's finding, and
    /// the story tries the simplest valid body, then others.
    mutating func create(parent: LiveValues.Address, live: inout LiveValues) async -> LiveValues.Address? {
        guard let endpoint = endpoint(.create) else { return nil }
        var attempt: (step: StoryStep, body: RequestDraft.Body, chosen: JSONValue?)?
        var attemptIndex = 0
        for index in 0..<Self.createAttempts where !isPastDeadline {
            guard var request = validDraft(for: endpoint, at: parent, live: live) else { return nil }
            if index < 2 {
                request.body = evidenceBody(for: endpoint, base: request.body, current: nil, live: live)
            } else if index == 2, let simplest = simplestBody(for: endpoint, live: live) {
                request.body = simplest
            }
            var chosen: JSONValue?
            if resource.createsOnItem, let parameter = resource.idParameter {
                chosen = chosenID(for: endpoint, parameter: parameter, attempt: index)
                request.path[parameter] = chosen
                request.body = withoutIDs(request.body, for: endpoint, chosen: chosen)
            }
            let step = await send(request)
            attempt = (step, request.body, chosen)
            attemptIndex = index
            if step.succeeded || step.status.map({ $0 >= 500 }) ?? true { break }
        }
        guard let (step, body, chosen) = attempt, step.succeeded,
            let address = chosenAddress(chosen, parent: parent) ?? address(from: step, parent: parent)
        else {
            if let step = attempt?.step { createProblem = problem(creating: endpoint, step) }
            return nil
        }
        log.steps[log.steps.count - 1].carried = carriedText(address)
        live.created(address, of: resource.name)
        if let body = step.body { live.observe(body) }
        sentBodies[addressKey(address)] = body
        if attemptIndex < 2 { evidenceItems.insert(addressKey(address)) }
        return address
    }

    /// Why `step`, the last create tried, gave no item to follow, with what would help; nil for a
    /// resource without item paths (`POST /order` alone).
    func problem(creating endpoint: Endpoint, _ step: StoryStep) -> String? {
        // Without an item path there is nothing to follow; a refused create is the valid
        // requests' finding (positive_data_acceptance).
        guard resource.item != nil else { return nil }
        guard step.succeeded else {
            let answered = step.status.map { "answered \($0)" } ?? "did not answer"
            var text = "\(endpoint.displayName) \(answered) to every valid body tried"
            if let auth = contract.auth, auth.callsWithoutCredentials(endpoint.id),
                let status = step.status, auth.unauthenticatedStatuses.contains(status)
            {
                let names = auth.requirements(for: endpoint.id).flatMap { $0.map(\.name) }
                text += ": it needs a credential (\(names.joined(separator: " or "))); give one with --auth"
            }
            return text
        }
        let fields = resource.idParameter.map { "no Location header and no \($0) in the body" } ?? "no id"
        return "\(endpoint.displayName) answered \(step.status ?? 0) but its answer names no item (\(fields))"
    }

    /// The item an answer names: its `Location` header, else the id in its body.
    func address(from step: StoryStep, parent: LiveValues.Address) -> LiveValues.Address? {
        guard let parameter = resource.idParameter, let response = try? step.answer.get() else { return nil }
        if let location = response.header("Location"),
            let values = resource.placeholders(inLocation: location)
        {
            var address = parent
            for (name, text) in values { address[name] = .string(text) }
            if let id = step.body.flatMap(resource.id(in:)) { address[parameter] = id }
            return address
        }
        // A create that answers the list of what it made (`[{"id": …}]`) names its first item.
        var body = step.body
        if case .array(let made)? = body, made.count >= 1 { body = made[0] }
        guard let body, let id = resource.id(in: body) else { return nil }
        var address = parent
        address[parameter] = id
        return address
    }

    /// The address of an item created on its own path: the id the request chose.
    func chosenAddress(_ chosen: JSONValue?, parent: LiveValues.Address) -> LiveValues.Address? {
        guard let chosen, let parameter = resource.idParameter else { return nil }
        var address = parent
        address[parameter] = chosen
        return address
    }

    /// The id of an item's JSON object, by the resource's id field names.
    func idValue(in body: JSONValue) -> JSONValue? { resource.id(in: body) }

    func carriedText(_ address: LiveValues.Address) -> String {
        address.sorted { $0.key < $1.key }.map { "\($0.key) \(Template.plainText($0.value))" }.joined(
            separator: ", ")
    }

    func addressKey(_ address: LiveValues.Address) -> String { carriedText(address) }

    /// Reads an item; checks that it is there (or not, after a delete).
    mutating func read(
        _ item: LiveValues.Address, expectFound check: CheckName?, live: inout LiveValues
    ) async -> JSONValue? {
        guard let endpoint = endpoint(.read) else { return nil }
        let step = await send(draft(endpoint, at: item))
        if let body = step.body { live.observe(body) }
        if check == .ensureResourceAvailability, isAddressable(item) {
            let missing = step.status == 404 || step.status == 410
            judged(
                .ensureResourceAvailability, on: endpoint.id,
                missing
                    ? log.finding(
                        .ensureResourceAvailability, "an item the server just created cannot be read",
                        expected: "2xx for \(endpoint.displayName) of the created item",
                        actual: "\(step.status.map(String.init) ?? "no answer")") : nil)
        }
        return step.succeeded ? step.body : nil
    }

    /// Whether the item path's parameters accept the item's address: an id the description's own
    /// path forbids (a created order 936 where `{orderId}` allows 1 to 10) cannot be read by its
    /// path, and that is the description contradicting itself, not a server losing an item.
    func isAddressable(_ item: LiveValues.Address) -> Bool {
        guard let read = endpoint(.read) else { return false }
        let reader = ParameterReader(navigator: SchemaNavigator(document: contract.document))
        return read.parameters(in: .path).allSatisfy { parameter in
            guard let value = item[parameter.name], let pointer = parameter.schemaPointer else { return true }
            let text = ParameterSerializer.pathText(value, for: parameter) ?? Template.plainText(value)
            return fuzzer.schemas.validate(reader.pathValue(of: parameter, text: text), at: pointer).isValid
        }
    }

    /// Learns the items a listing shows (before the story creates any).
    ///
    /// Items created on their own path (`/api/contents/{path}`) have no collection to list; a
    /// client lists them by reading the item path with an empty id (`/api/contents/`, the root
    /// folder), where the path parameter allows it. That is a guess: a server without such a
    /// listing (httpbin's `/status/` is Flask's HTML 404) breaks no rule of its description.
    mutating func learnListed(parent: LiveValues.Address, live: inout LiveValues) async {
        guard !isPastDeadline else { return }
        let request: RequestDraft
        var guessed = false
        if let endpoint = endpoint(.list) {
            request = draft(endpoint, at: parent)
        } else if resource.createsOnItem, let read = endpoint(.read), let parameter = resource.idParameter,
            read.parameters.contains(where: { $0.name == parameter && acceptsEmpty($0) })
        {
            var address = parent
            address[parameter] = ""
            request = draft(read, at: address)
            guessed = true
        } else {
            return
        }
        let endpoint = request.endpoint
        let step = await send(request, guessed: guessed)
        guard step.succeeded, let body = step.body else { return }
        if guessed, let parameter = resource.idParameter {
            var address = parent
            address[parameter] = ""
            if !(live.containers[resource.name] ?? []).contains(address) {
                live.containers[resource.name, default: []].append(address)
            }
        }
        live.observe(body)
        await checkListedReadable(in: body, from: endpoint, live: live)
        for id in listedIDs(in: body).prefix(LiveValues.keptPerName) {
            guard let parameter = resource.idParameter else { break }
            var address = parent
            address[parameter] = id
            live.learn(item: address, of: resource.name)
        }
    }

    /// Whether a path parameter's schema accepts the empty text.
    func acceptsEmpty(_ parameter: Parameter) -> Bool {
        guard parameter.location == .path, let pointer = parameter.schemaPointer else { return false }
        return fuzzer.schemas.validate("", at: pointer).isValid
    }

    /// The ids a listing holds.
    func listedIDs(in body: JSONValue) -> [JSONValue] { resource.listedIDs(in: body) }
}
