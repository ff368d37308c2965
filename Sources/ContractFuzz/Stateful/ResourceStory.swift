import ConformHTTP
import ContractKit
import JSONSchema
import SchemaGeneration

/// The life of one resource, told by requests: create items, read them, replace and update them,
/// list them, delete one and try it again, each step with the values the last answer gave. Every
/// answer goes through the response checks, and the stateful checks judge what happened to the
/// items (`use_after_free`, `ensure_resource_availability`, `stored_as_sent`, `update_reads_back`,
/// `ignored_auth`, `object_level_authorization`, `limit_respected`,
/// `referenced_resource_availability`).
///
/// It leaves some created items alive in ``LiveValues``, so fuzzing the item operations reaches
/// real items; the fuzzer deletes them at the end.
struct ResourceStory {
    let fuzzer: ServerFuzzer
    let model: ResourceModel
    let resource: Resource
    let deadline: ContinuousClock.Instant?
    var random: SeededRandom
    var log: StoryLog
    /// What each stateful check saw, per check and endpoint judged.
    var tallies: [TallyKey: Tally] = [:]
    /// Response-check findings of the story's steps, once each.
    var responseFindings: [Finding] = []
    var sent = 0
    /// Whether any step got an answer, and the error of a server that could not be reached.
    var answered = false
    var unreachable: TransportError?
    /// How many valid requests the story has drawn, so each gets new values.
    var draws = 0
    /// What each created item was sent with, by its address.
    var sentBodies: [String: RequestDraft.Body] = [:]
    /// Why no item could be created, when none was: the sequence case says it, so a story that
    /// judged nothing never reads as a pass.
    var createProblem: String?
    /// The last `ETag` an answer gave, which a required `If-Match` carries.
    var lastETag: String?
    /// The items created with an evidence body (by address key).
    var evidenceItems: Set<String> = []
    /// Why the story could not run at all, where it could not: its case is skipped, never passed.
    var notRun: String?

    /// Items the story creates and leaves alive for fuzzing (one more goes through the whole life).
    static let liveItems = 2
    /// Valid bodies a create tries before the story gives up on creating.
    static let createAttempts = 4

    struct TallyKey: Hashable, Comparable {
        var check: CheckName
        var endpointID: String

        static func < (lhs: TallyKey, rhs: TallyKey) -> Bool {
            (lhs.check, lhs.endpointID) < (rhs.check, rhs.endpointID)
        }
    }

    /// What one stateful check saw: the endpoint it judged, how many times, and its findings.
    struct Tally {
        var endpointID: String
        var count = 0
        var findings: [Finding] = []
    }

    init(fuzzer: ServerFuzzer, model: ResourceModel, resource: Resource, deadline: ContinuousClock.Instant?) {
        self.fuzzer = fuzzer
        self.model = model
        self.resource = resource
        self.deadline = deadline
        self.random = SeededRandom(seed: fuzzer.configuration.seed, deriving: "story " + resource.name)
        self.log = StoryLog(baseURL: fuzzer.configuration.baseURL, redaction: fuzzer.configuration.redaction)
    }

    var contract: Contract { fuzzer.contract }

    func endpoint(_ role: Resource.Role) -> Endpoint? {
        resource.operations[role].flatMap(contract.endpoint)
    }

    /// Tells the story, learning and forgetting items in `live`; returns one case per check.
    mutating func tell(live: inout LiveValues) async -> [CaseResult] {
        guard let parent = parentAddress(live) else {
            return [skippedCase("no item of its parent resource is known, so its paths cannot be filled")]
        }
        await learnListed(parent: parent, live: &live)
        var subject: LiveValues.Address?
        if endpoint(.create) != nil {
            for index in 0...Self.liveItems {
                guard !isPastDeadline, let created = await create(parent: parent, live: &live) else { break }
                if index == 0 { subject = created }
            }
        } else {
            subject = live.items[resource.name]?.first
        }
        if let subject {
            // A later create that failed leaves the story told: only a story without items notes it.
            createProblem = nil
            await checkListedAfterCreate(parent: parent, live: &live)
            await lifecycle(of: subject, parent: parent, live: &live)
        } else if endpoint(.create) == nil {
            notRun =
                "no item to follow: \(endpoint(.list) == nil ? "no create and no listing" : "the listing named none")"
        }
        await checkLimit(parent: parent, live: &live)
        return cases()
    }

    /// Whether nothing answered because nothing listens: the rest of the run will say so too.
    var foundNoServer: Bool {
        !answered && unreachable != nil
    }

    /// The path values of the parent item, `[:]` for a top-level resource; nil when the resource
    /// has a parent and no item of it is known.
    func parentAddress(_ live: LiveValues) -> LiveValues.Address? {
        guard let parent = resource.parent else { return [:] }
        guard let address = live.items[parent.resource]?.first else { return nil }
        return model.parentValues(of: resource, from: address)
    }

    /// Reads, updates, replaces, checks access and deletes one item, in that order: the update
    /// (one property) comes first, while the other properties hold the create's evidence values,
    /// unless the create could only send its simplest body; each change is read back.
    mutating func lifecycle(of item: LiveValues.Address, parent: LiveValues.Address, live: inout LiveValues)
        async
    {
        var current = await read(item, expectFound: .ensureResourceAvailability, live: &live)
        if let current, let create = endpoint(.create), let body = sentBodies[addressKey(item)] {
            checkStored(body, in: current, endpoint: create)
        }
        let createdWithEvidence = evidenceItems.contains(addressKey(item))
        for role in createdWithEvidence ? [Resource.Role.update, .replace] : [.replace, .update] {
            if let changed = await change(item, role: role, current: current, live: &live) {
                current = changed
            }
        }
        await checkIgnoredAuth(item, parent: parent, live: &live)
        await checkOtherIdentity(item, live: &live)
        await delete(item, parent: parent, live: &live)
    }

    var isPastDeadline: Bool { deadline.map { ContinuousClock().now >= $0 } ?? false || Task.isCancelled }
}
