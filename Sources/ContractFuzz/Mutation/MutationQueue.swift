import JSONSchema

/// The mutations of one valid instance, built, serialized and judged only as far as a plan asks.
///
/// The mutator proposes thousands of candidate edits for a plan's first instances, and a plan
/// keeps a few hundred mutations. Judging a candidate (building the mutated instance, serializing
/// it, validating it) is most of a mutation's cost, so a queue judges a candidate only when the plan
/// reaches it, and remembers the verdict. The mutation ranked `n` is the `n`-th candidate the schema
/// rejects, exactly as in the list that judging every candidate first gives.
struct MutationQueue {
    /// The valid instance the candidates edit.
    let root: JSONValue
    /// Every candidate edit of `root`, in the mutator's order.
    let candidates: [Mutator.Candidate]
    /// Each judged candidate's payload, or nil when the schema accepted it (not a mutation).
    private var judgments: [Int: FuzzPayload?] = [:]
    /// The candidates known to be mutations, in order, up to `scanned`.
    private var ranked: [Int] = []
    /// How many candidates from the start have been judged in order.
    private var scanned = 0

    init(root: JSONValue, candidates: [Mutator.Candidate]) {
        self.root = root
        self.candidates = candidates
    }

    /// The payload of candidate `index` when the schema rejects it, else nil; judged once.
    mutating func judged(_ index: Int, by isValid: ([UInt8], JSONValue) -> Bool) -> FuzzPayload? {
        if let known = judgments[index] { return known }
        let mutation = candidates[index].mutation(of: root)
        let bytes = JSONSerializer().bytes(mutation.value)
        let payload =
            isValid(bytes, mutation.value)
            ? nil
            : FuzzPayload(
                origin: .mutation(mutation.kind, at: mutation.pointer), value: mutation.value, bytes: bytes)
        judgments[index] = .some(payload)
        return payload
    }

    /// The mutation ranked `rank` (0 for the first candidate the schema rejects) with its candidate
    /// index, or nil when the instance has fewer mutations.
    mutating func mutation(ranked rank: Int, by isValid: ([UInt8], JSONValue) -> Bool)
        -> (index: Int, payload: FuzzPayload)?
    {
        while ranked.count <= rank, scanned < candidates.count {
            if judged(scanned, by: isValid) != nil { ranked.append(scanned) }
            scanned += 1
        }
        guard rank < ranked.count, let payload = judged(ranked[rank], by: isValid) else { return nil }
        return (ranked[rank], payload)
    }
}
