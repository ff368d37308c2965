/// Flattens the nodes of a `CompiledProgram` reachable from its root into a `TapeProgram`.
///
/// Within a node the instructions are reordered cheapest first (`type`, `const`/`enum`, scalar
/// checks, then `properties` with its `additionalProperties` and `required`, then the applicators):
/// a node's keywords are a conjunction without side effects in quick mode, so the order only
/// changes how soon a failing branch of a `oneOf` gives up.
struct TapeProgramBuilder {
    let program: CompiledProgram
    var nodes: [TapeNode]
    var ops: [TapeOp] = []
    var keys: [TapeKey] = []
    var keyBytes: [UInt8] = []
    var names: [String] = []
    var children: [Int32] = []
    var bounds: [NumberBound] = []
    var regexes: [ECMARegex] = []
    var formats: [SchemaFormat] = []
    var keywords: [Keyword] = []

    init(program: CompiledProgram) {
        self.program = program
        nodes = [TapeNode](repeating: TapeNode(), count: program.nodes.count)
    }

    /// Compiles every node reachable from the root (others stay empty and are never visited).
    mutating func build() {
        var seen = [Bool](repeating: false, count: program.nodes.count)
        var pending = [program.root]
        seen[program.root] = true
        while let index = pending.popLast() {
            compileNode(index)
            for keyword in program.nodes[index].keywords {
                for child in Self.subschemas(of: keyword) where !seen[child] {
                    seen[child] = true
                    pending.append(child)
                }
            }
        }
    }

    private mutating func compileNode(_ index: Int) {
        let node = program.nodes[index]
        if let constant = node.constant {
            nodes[index].constant = constant ? 1 : 0
            return
        }
        var ranked: [(rank: Int, op: TapeOp)] = []
        let propertyNames = node.keywords.lazy.compactMap { keyword -> [String]? in
            if case .properties(let schemas) = keyword { return schemas.map(\.name) }
            return nil
        }.first
        for keyword in node.keywords {
            switch keyword {
            case .unevaluatedProperties(let schema):
                nodes[index].unevaluatedProperties = Int32(schema)
            case .unevaluatedItems(let schema):
                nodes[index].unevaluatedItems = Int32(schema)
            default:
                ranked.append(compile(keyword, propertyNames: propertyNames))
            }
        }
        // A stable sort: equal ranks keep the compiler's order.
        let ordered = ranked.enumerated().sorted {
            ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset)
        }
        nodes[index].start = Int32(ops.count)
        nodes[index].count = Int32(ordered.count)
        ops += ordered.map(\.element.op)
    }

    /// The instruction of one keyword and its rank (lower runs first).
    private mutating func compile(_ keyword: Keyword, propertyNames: [String]?) -> (rank: Int, op: TapeOp) {
        if let compiled = compileApplicator(keyword) { return compiled }
        if let compiled = compileObject(keyword, propertyNames: propertyNames) { return compiled }
        return compileAssertion(keyword)
    }

    /// `$ref`, the combinators and the array applicators.
    private mutating func compileApplicator(_ keyword: Keyword) -> (rank: Int, op: TapeOp)? {
        switch keyword {
        case .ref(let target), .dynamicRef(let target, _):
            return (8, TapeOp(code: .ref, a: Int32(target)))
        case .allOf(let schemas): return (8, TapeOp(code: .allOf, a: list(schemas), b: Int32(schemas.count)))
        case .anyOf(let schemas): return (8, TapeOp(code: .anyOf, a: list(schemas), b: Int32(schemas.count)))
        case .oneOf(let schemas): return (8, TapeOp(code: .oneOf, a: list(schemas), b: Int32(schemas.count)))
        case .not(let schema): return (8, TapeOp(code: .not, a: Int32(schema)))
        case .conditional(let condition, let then, let otherwise):
            return (
                8,
                TapeOp(
                    code: .conditional, a: Int32(condition), b: Int32(then ?? -1), c: Int32(otherwise ?? -1))
            )
        case .prefixItems(let schemas):
            return (7, TapeOp(code: .prefixItems, a: list(schemas), b: Int32(schemas.count)))
        case .items(let schema, let prefixCount):
            return (7, TapeOp(code: .items, a: Int32(schema), b: Int32(clamping: prefixCount)))
        case .contains(let schema, let minimum, let maximum):
            return (
                7,
                TapeOp(
                    code: .contains, a: Int32(schema), b: Int32(clamping: minimum),
                    c: maximum.map { Int32(clamping: $0) } ?? -1)
            )
        default:
            return nil
        }
    }

    /// `properties`, `additionalProperties`, `required` and `dependentSchemas`.
    private mutating func compileObject(_ keyword: Keyword, propertyNames: [String]?) -> (
        rank: Int, op: TapeOp
    )? {
        switch keyword {
        case .dependentSchemas(let dependencies):
            let start = keyTable(dependencies.map { ($0.name, $0.schema) })
            return (7, TapeOp(code: .dependentSchemas, a: start, b: Int32(dependencies.count)))
        case .properties(let schemas):
            let start = keyTable(schemas.map { ($0.name, $0.schema) })
            return (4, TapeOp(code: .properties, a: start, b: Int32(schemas.count)))
        case .additionalProperties(let schema, let known, let patterns, let followsProperties):
            guard patterns.isEmpty else { return fallback(keyword, rank: 5) }
            let start = keyTable(known.names.map { ($0, -1) })
            return (
                5,
                TapeOp(
                    code: .additionalProperties, flag: followsProperties, a: Int32(schema), b: start,
                    c: Int32(known.names.count))
            )
        case .required(let required):
            return (6, self.required(required, propertyNames: propertyNames))
        default:
            return nil
        }
    }

    /// `required` as a mask over what `properties` found when it lists every name, else a lookup.
    private mutating func required(_ required: [String], propertyNames: [String]?) -> TapeOp {
        if let propertyNames, propertyNames.count <= 64 {
            var mask: UInt64 = 0
            var all = true
            for name in required {
                if let position = propertyNames.firstIndex(where: { MemberLookup.sameKey($0, name) }) {
                    mask |= 1 << UInt64(position)
                } else {
                    all = false
                }
            }
            if all { return TapeOp(code: .requiredMask, mask: mask) }
        }
        let start = keyTable(required.map { ($0, -1) })
        return TapeOp(code: .required, a: start, b: Int32(required.count))
    }

    /// The checks on one value: `type`, `enum`/`const`, lengths, counts, `pattern`, numbers,
    /// `format`, `uniqueItems`; any other keyword goes to the evaluator.
    private mutating func compileAssertion(_ keyword: Keyword) -> (rank: Int, op: TapeOp) {
        switch keyword {
        case .type(let types):
            return (0, TapeOp(code: .type, a: Self.kindMask(types), b: types.contains(.integer) ? 1 : 0))
        case .enumeration(let allowed): return strings(allowed, keyword)
        case .const(let expected): return strings([expected], keyword)
        case .maxLength(let limit): return (2, TapeOp(code: .maxLength, a: Int32(clamping: limit)))
        case .minLength(let limit): return (2, TapeOp(code: .minLength, a: Int32(clamping: limit)))
        case .maxItems(let limit): return (2, TapeOp(code: .maxItems, a: Int32(clamping: limit)))
        case .minItems(let limit): return (2, TapeOp(code: .minItems, a: Int32(clamping: limit)))
        case .maxProperties(let limit): return (2, TapeOp(code: .maxProperties, a: Int32(clamping: limit)))
        case .minProperties(let limit): return (2, TapeOp(code: .minProperties, a: Int32(clamping: limit)))
        case .pattern(let regex):
            regexes.append(regex)
            return (3, TapeOp(code: .pattern, a: Int32(regexes.count - 1)))
        case .minimum(let bound): return number(.minimum, bound, keyword)
        case .maximum(let bound): return number(.maximum, bound, keyword)
        case .exclusiveMinimum(let bound): return number(.exclusiveMinimum, bound, keyword)
        case .exclusiveMaximum(let bound): return number(.exclusiveMaximum, bound, keyword)
        case .multipleOf(let divisor): return number(.multipleOf, divisor, keyword)
        case .format(let format):
            formats.append(format)
            return (3, TapeOp(code: .format, a: Int32(formats.count - 1)))
        case .uniqueItems:
            keywords.append(keyword)
            return (7, TapeOp(code: .uniqueItems, c: Int32(keywords.count - 1)))
        default:
            // `patternProperties`, `propertyNames`, `dependentRequired`, `unevaluated*`.
            return fallback(keyword, rank: 9)
        }
    }

    private mutating func fallback(_ keyword: Keyword, rank: Int) -> (rank: Int, op: TapeOp) {
        keywords.append(keyword)
        return (rank, TapeOp(code: .evaluate, c: Int32(keywords.count - 1)))
    }

    private mutating func strings(_ values: [JSONValue], _ keyword: Keyword) -> (rank: Int, op: TapeOp) {
        var texts: [(String, Int)] = []
        for case .string(let text) in values { texts.append((text, -1)) }
        keywords.append(keyword)
        let start = keyTable(texts)
        return (
            1,
            TapeOp(
                code: .strings, flag: texts.count == values.count, a: start, b: Int32(texts.count),
                c: Int32(keywords.count - 1))
        )
    }

    private mutating func number(
        _ kind: NumberBound.Kind, _ bound: JSONNumber, _ keyword: Keyword
    ) -> (rank: Int, op: TapeOp) {
        bounds.append(NumberBound(kind: kind, literal: DecimalLiteral(bound)))
        keywords.append(keyword)
        return (2, TapeOp(code: .number, a: Int32(bounds.count - 1), c: Int32(keywords.count - 1)))
    }

    private mutating func list(_ schemas: [Int]) -> Int32 {
        let start = Int32(children.count)
        children += schemas.map { Int32($0) }
        return start
    }

    /// Appends names (with their schema nodes, or -1) to the key table; returns where they start.
    private mutating func keyTable(_ entries: [(name: String, schema: Int)]) -> Int32 {
        let start = Int32(keys.count)
        for (name, schema) in entries {
            let offset = keyBytes.count
            keyBytes += Array(name.utf8)
            let length = name.utf8.count
            let word = keyBytes.withUnsafeBufferPointer { TapeProgram.prefix($0, offset, length) }
            keys.append(
                TapeKey(prefix: word, start: Int32(offset), length: Int32(length), schema: Int32(schema)))
            names.append(name)
        }
        return start
    }

    /// The tape kinds `types` allows outright, as bits by `JSONTape.Kind` raw value.
    static func kindMask(_ types: JSONTypeSet) -> Int32 {
        var mask: Int32 = 0
        func allow(_ kind: JSONTape.Kind) { mask |= 1 << Int32(kind.rawValue) }
        if types.contains(.null) { allow(.null) }
        if types.contains(.boolean) {
            allow(.true)
            allow(.false)
        }
        if types.contains(.object) { allow(.object) }
        if types.contains(.array) { allow(.array) }
        if types.contains(.string) { allow(.string) }
        if types.contains(.number) { allow(.number) }
        return mask
    }

    /// The subschemas a keyword applies, for reachability.
    static func subschemas(of keyword: Keyword) -> [Int] {
        switch keyword {
        case .ref(let target), .dynamicRef(let target, _): return [target]
        case .allOf(let schemas), .anyOf(let schemas), .oneOf(let schemas), .prefixItems(let schemas):
            return schemas
        case .not(let schema), .items(let schema, _), .contains(let schema, _, _), .propertyNames(let schema),
            .unevaluatedItems(let schema), .unevaluatedProperties(let schema):
            return [schema]
        case .additionalProperties(let schema, _, _, _): return [schema]
        case .conditional(let condition, let then, let otherwise):
            return [condition] + [then, otherwise].compactMap { $0 }
        case .dependentSchemas(let map), .properties(let map): return map.map(\.schema)
        case .patternProperties(let patterns): return patterns.map(\.schema)
        default: return []
        }
    }
}
