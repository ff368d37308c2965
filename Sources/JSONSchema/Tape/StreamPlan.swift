/// Which schema nodes the streaming validator (`StreamValidator`) can apply to an object or an
/// array while reading it, member by member, without keeping the container's entries.
///
/// A node applies to a container through its own keywords and, in place, through `$ref` and
/// `allOf`: its *closure* is the node with every node those reach. Streaming a container needs
/// every keyword of the closure to be decided member by member (`properties`,
/// `additionalProperties` without patterns, `required`, `items`, `prefixItems`) or at the end
/// (`type`, counts); a closure that holds a keyword that looks at the whole value again
/// (`anyOf`, `oneOf`, `not`, `if`, `contains`, `uniqueItems`, `unevaluated*`, what the
/// `Evaluator` takes) has its container read into a tape of its own and validated there, as
/// before. Scalars always take the `TapeValidator`, on a one-entry tape.
struct StreamPlan: Sendable {
    struct Node: Sendable {
        /// The frames an object (an array) opens: `frames[objectFrames]`, nil when such a container
        /// cannot be streamed against this node.
        var objectFrames: Range<Int32>?
        var arrayFrames: Range<Int32>?
        /// Whether every object (array) fails this node at once (`type`, an `enum` of strings,
        /// a `false` in the closure).
        var objectFails = false
        var arrayFails = false
    }

    /// What the streaming validator keeps per node of an open container's closure: the keywords
    /// that pick each member's subschemas, and what `required` and the counts decide at the end.
    struct Frame: Sendable {
        /// Objects: `properties` as `keys[first ..< first + count]`. Arrays: `prefixItems` as
        /// `children[first ..< first + count]`.
        var first: Int32 = 0
        var count: Int32 = 0
        /// Where the next key search starts (members usually come in schema order).
        var next: Int32 = 0
        /// Objects with a large `properties` table: its hash index, `slots[slotsFirst ...]` with
        /// `slotsMask + 1` slots (`StreamPlan+KeyIndex`); -1 when the table is searched linearly.
        var slotsFirst: Int32 = 0
        var slotsMask: Int32 = -1
        /// Objects: the `additionalProperties` node. Arrays: the `items` node. -1 when absent.
        var other: Int32 = -1
        /// Arrays: the elements `items` leaves to `prefixItems`.
        var otherFrom: Int32 = 0
        /// `required` names `properties` does not list: `keys[requiredFirst ..< + requiredCount]`.
        var requiredFirst: Int32 = 0
        var requiredCount: Int32 = 0
        /// `minProperties`/`maxProperties` (or `minItems`/`maxItems`).
        var minimum: UInt32 = 0
        var maximum: UInt32 = .max
        /// The positions in the `properties` table found, and those `required` needs.
        var found: UInt64 = 0
        var requiredMask: UInt64 = 0
        /// Which of the other `required` names were seen.
        var requiredSeen: UInt64 = 0

        /// Whether the frame picks no member's subschemas and decides nothing at the end (a `$ref`
        /// node's own frame, say).
        var isInert: Bool {
            count == 0 && other < 0 && requiredCount == 0 && requiredMask == 0 && minimum == 0
                && maximum == .max
        }
    }

    let nodes: [Node]
    /// Frame templates, copied when a container opens.
    let frames: [Frame]
    /// The hash indexes of large `properties` tables.
    let slots: [Int32]

    init(nodes tapeNodes: [TapeNode], ops: [TapeOp], children: [Int32], keys: [TapeKey]) {
        var nodes = [Node](repeating: Node(), count: tapeNodes.count)
        var frames: [Frame] = []
        var slots: [Int32] = []
        for index in tapeNodes.indices {
            var reached = [Int]()
            guard Self.collect(index, tapeNodes, ops, children, into: &reached) else { continue }
            for object in [true, false] {
                let start = Int32(frames.count)
                var streams = true
                var fails = false
                for member in reached {
                    let node = tapeNodes[member]
                    if node.constant == 0 { fails = true }
                    guard node.constant < 0 else { continue }
                    if node.tracksAnnotations { streams = false }
                    let run = ops[Int(node.start)..<Int(node.start + node.count)]
                    streams = streams && run.allSatisfy { Self.streams($0, object: object) }
                    var (frame, failing) = Self.frame(run, object: object)
                    if object && Int(frame.count) >= Self.indexedFrom {
                        let table = keys[Int(frame.first)..<Int(frame.first + frame.count)]
                        (frame.slotsFirst, frame.slotsMask) = Self.index(table, into: &slots)
                    }
                    fails = fails || failing
                    // A frame that picks nothing and decides nothing only costs a pass per member.
                    if !frame.isInert { frames.append(frame) }
                }
                if !streams { frames.removeSubrange(Int(start)...) }
                let range = streams ? start..<Int32(frames.count) : nil
                if object {
                    nodes[index].objectFrames = range
                    nodes[index].objectFails = fails
                } else {
                    nodes[index].arrayFrames = range
                    nodes[index].arrayFails = fails
                }
            }
        }
        self.nodes = nodes
        self.frames = frames
        self.slots = slots
    }

    /// The frame template of one node's instructions on an object (or an array), and whether they
    /// fail every such container.
    private static func frame(_ ops: ArraySlice<TapeOp>, object: Bool) -> (Frame, fails: Bool) {
        var frame = Frame()
        var fails = false
        let kind = Int32(1) << Int32((object ? JSONTape.Kind.object : .array).rawValue)
        for op in ops {
            switch op.code {
            case .type where op.a & kind == 0, .strings:
                fails = true
            case .properties where object, .prefixItems where !object:
                frame.first = op.a
                frame.count = op.b
            case .additionalProperties where object:
                frame.other = op.a
            case .items where !object:
                frame.other = op.a
                frame.otherFrom = op.b
            case .requiredMask where object:
                frame.requiredMask = op.mask
            case .required where object:
                frame.requiredFirst = op.a
                frame.requiredCount = op.b
            case .minProperties where object, .minItems where !object:
                frame.minimum = UInt32(op.a)
            case .maxProperties where object, .maxItems where !object:
                frame.maximum = UInt32(op.a)
            default:
                break
            }
        }
        return (frame, fails)
    }

    /// Adds `index` and the nodes its `$ref` and `allOf` reach in place to `reached`; false when
    /// one is reached twice (a cycle, or a node listed twice), which the tape validator decides.
    private static func collect(
        _ index: Int, _ nodes: [TapeNode], _ ops: [TapeOp], _ children: [Int32], into reached: inout [Int]
    ) -> Bool {
        var pending = [index]
        while let current = pending.popLast() {
            if reached.contains(current) { return false }
            let node = nodes[current]
            if node.constant == 1 { continue }
            reached.append(current)
            if node.constant == 0 || reached.count > 64 { continue }
            for op in ops[Int(node.start)..<Int(node.start + node.count)] {
                switch op.code {
                case .ref: pending.append(Int(op.a))
                case .allOf: pending += children[Int(op.a)..<Int(op.a + op.b)].map { Int($0) }
                default: break
                }
            }
        }
        return reached.count <= 64
    }

    /// Whether `op` can be decided while an object (or an array) is read member by member.
    private static func streams(_ op: TapeOp, object: Bool) -> Bool {
        switch op.code {
        case .ref, .allOf, .type, .maxLength, .minLength, .pattern, .format, .number, .maxItems, .minItems,
            .maxProperties, .minProperties, .prefixItems, .items, .properties, .additionalProperties,
            .requiredMask:
            return true
        case .required: return !object || op.b <= 64
        case .strings: return op.flag
        case .dependentSchemas: return !object
        case .contains, .uniqueItems: return object
        case .anyOf, .oneOf, .not, .conditional, .evaluate: return false
        }
    }
}
