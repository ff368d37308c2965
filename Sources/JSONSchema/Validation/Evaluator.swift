/// Walks an instance against a compiled program.
///
/// In quick mode (`verbose == false`) it stops at the first failure and builds no strings; in
/// verbose mode it keeps the keyword and instance paths and records every error.
struct Evaluator {
    let program: CompiledProgram
    var verbose: Bool
    var errors: [ValidationError] = []
    var keywordPath: [String] = []
    var instancePath: [String] = []
    /// Resources entered, outermost first, for `$dynamicRef`.
    var dynamicScope: [Int] = []
    /// How many members the last `properties` keyword found, for the `additionalProperties`
    /// that follows it in the same schema.
    var matchedPropertyCount = -1
    private var depth = 0
    private var currentNode: SchemaNode?
    private var currentNodeDepth = 0

    /// More nested subschemas than this on the same instance value (without moving into an item or
    /// property) is treated as a `$ref` cycle that never consumes the instance.
    static let maximumDepth = 256

    init(program: CompiledProgram, verbose: Bool) {
        self.program = program
        self.verbose = verbose
    }

    mutating func validate(_ instance: JSONValue) -> Bool {
        var annotations = Annotations()
        return validate(program.root, instance, &annotations, collect: false)
    }

    /// Validates `instance` against node `index`; when `collect` is set and the node passes, its
    /// annotations are merged into `annotations`.
    mutating func validate(
        _ index: Int, _ instance: JSONValue, _ annotations: inout Annotations, collect: Bool
    ) -> Bool {
        let node = program.nodes[index]
        if let constant = node.constant {
            if !constant && verbose {
                report("false", node: node, "no value is allowed here (the schema is false)")
            }
            return constant
        }
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maximumDepth {
            if program.recursionLimitMatches { return true }
            if verbose {
                report(
                    "$ref", node: node,
                    "schema recursion is too deep; the schema probably refers to itself without consuming the instance"
                )
            }
            return false
        }
        let entersResource = dynamicScope.last != node.resource
        if entersResource { dynamicScope.append(node.resource) }
        defer { if entersResource { dynamicScope.removeLast() } }
        guard verbose else { return validateKeywords(of: node, instance, &annotations, collect: collect) }
        let savedNode = currentNode
        let savedNodeDepth = currentNodeDepth
        currentNode = node
        currentNodeDepth = keywordPath.count
        defer {
            currentNode = savedNode
            currentNodeDepth = savedNodeDepth
        }
        return validateKeywords(of: node, instance, &annotations, collect: collect)
    }

    private mutating func validateKeywords(
        of node: SchemaNode, _ instance: JSONValue, _ annotations: inout Annotations, collect: Bool
    ) -> Bool {
        let collecting = collect || node.tracksAnnotations
        if !collecting {
            // Keywords only write annotations when collecting, so none are gathered here.
            var valid = true
            for keyword in node.keywords where !evaluate(keyword, instance, &annotations, collecting: false) {
                valid = false
                if !verbose { break }
            }
            return valid
        }
        var local = Annotations()
        var valid = true
        for keyword in node.keywords where !evaluate(keyword, instance, &local, collecting: collecting) {
            valid = false
            if !verbose { break }
        }
        if valid && collect { annotations.merge(local) }
        return valid
    }

    /// Records an error at the current paths; `suffix` tokens extend the keyword path.
    mutating func report(_ keyword: String, node: SchemaNode? = nil, suffix: [String] = [], _ message: String)
    {
        let path = keywordPath + suffix
        let relative = (node == nil ? Array(path.dropFirst(currentNodeDepth)) : suffix)
        let absolute = (node ?? currentNode).map {
            $0.absoluteLocation + JSONPointer(tokens: relative).description
        }
        errors.append(
            ValidationError(
                instanceLocation: JSONPointer(tokens: instancePath),
                keywordLocation: JSONPointer(tokens: path),
                absoluteKeywordLocation: absolute, keyword: keyword, message: message))
    }

    /// Evaluates a subschema one keyword path step (or more) deeper, and optionally one instance
    /// step deeper. The path tokens are autoclosures so that quick mode never builds them.
    @inline(__always)
    mutating func descend(
        _ index: Int, _ instance: JSONValue, keyword: @autoclosure () -> [String],
        instanceToken: @autoclosure () -> String? = nil, _ annotations: inout Annotations, collect: Bool
    ) -> Bool {
        guard verbose else { return validate(index, instance, &annotations, collect: collect) }
        let keywordTokens = keyword()
        let instanceStep = instanceToken()
        keywordPath += keywordTokens
        if let instanceStep { instancePath.append(instanceStep) }
        let valid = validate(index, instance, &annotations, collect: collect)
        keywordPath.removeLast(keywordTokens.count)
        if instanceStep != nil { instancePath.removeLast() }
        return valid
    }

    /// Like `descend`, for subschemas that apply to an item or property of the instance; the
    /// cycle guard only counts nesting on one instance value, so deep instances stay valid.
    @inline(__always)
    mutating func descendInstance(
        _ index: Int, _ instance: JSONValue, keyword: @autoclosure () -> [String],
        instanceToken: @autoclosure () -> String? = nil, _ annotations: inout Annotations, collect: Bool
    ) -> Bool {
        let savedDepth = depth
        depth = 0
        defer { depth = savedDepth }
        return descend(
            index, instance, keyword: keyword(), instanceToken: instanceToken(), &annotations,
            collect: collect)
    }

    /// Runs `body` without recording errors (for `not`, `if`, `contains` and the like, whose
    /// subschema failures are not errors of the whole).
    mutating func quietly<T>(_ body: (inout Evaluator) -> T) -> T {
        let saved = verbose
        verbose = false
        defer { verbose = saved }
        return body(&self)
    }
}
