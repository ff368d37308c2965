import Synchronization

/// Everything a `Schema` needs at validation time; immutable once compiled.
final class CompiledProgram: Sendable {
    let nodes: [SchemaNode]
    let resources: [CompiledResource]
    let root: Int
    /// Whether some `$dynamicRef` can resolve through the dynamic scope (it names an anchor), which
    /// only the `Evaluator` tracks; the tape validator walks every other program.
    let usesDynamicScope: Bool
    /// The verdict when a schema nests past the cycle guard on one value: false, unless the
    /// program was compiled with `SchemaOptions.Leniency.recursionLimit`.
    let recursionLimitMatches: Bool
    /// The program flattened for the tape validator, built on first use (most programs that only
    /// ever validate `JSONValue`s, like the generator's, never need it).
    private let flattened = Mutex<TapeProgram?>(nil)

    var tapeProgram: TapeProgram {
        flattened.withLock { cached in
            if let cached { return cached }
            let built = TapeProgram(self)
            cached = built
            return built
        }
    }

    /// - Parameter usesDynamicScope: known already when several roots share `nodes`; else computed.
    init(
        nodes: [SchemaNode], resources: [CompiledResource], root: Int, usesDynamicScope: Bool? = nil,
        recursionLimitMatches: Bool = false
    ) {
        self.nodes = nodes
        self.recursionLimitMatches = recursionLimitMatches
        self.resources = resources
        self.root = root
        self.usesDynamicScope = usesDynamicScope ?? Self.anyDynamicScope(in: nodes)
    }

    static func anyDynamicScope(in nodes: [SchemaNode]) -> Bool {
        nodes.contains { node in
            node.keywords.contains { keyword in
                if case .dynamicRef(_, let anchor) = keyword { return anchor != nil }
                return false
            }
        }
    }
}
