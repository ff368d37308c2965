/// Turns a YAML node tree into a `JSONValue`: resolves scalars by the YAML 1.2 core schema and
/// explicit core tags, expands aliases and `<<` merge keys, rejects duplicate keys, and records
/// where each value starts under its JSON pointer.
///
/// Aliases share the constructed value, so memory stays small, but everything downstream walks
/// the expanded tree: the expansion is counted and bounded, so an "alias bomb" is an error.
struct YAMLConstructor {
    private enum AnchorState {
        case inProgress
        case done(value: JSONValue, nodes: Int, keyText: String?)
    }

    private var anchors: [String: AnchorState] = [:]
    private var expanded = 0
    private let expansionLimit: Int
    private let recordsPositions: Bool
    private var path: [String] = []
    private(set) var sourceMap = JSONSourceMap()

    init(expansionLimit: Int, recordsPositions: Bool) {
        self.expansionLimit = expansionLimit
        self.recordsPositions = recordsPositions
    }

    mutating func construct(_ node: YAMLNode) throws(YAMLParseError) -> JSONValue {
        try build(node).value
    }

    private mutating func build(_ node: YAMLNode) throws(YAMLParseError) -> (value: JSONValue, nodes: Int) {
        if recordsPositions { sourceMap.record(node.start.position, at: JSONPointer(tokens: path)) }
        if case .alias(let name) = node.content {
            switch anchors[name] {
            case .none: throw YAMLParseError(.undefinedAlias(name), at: node.start.position)
            case .inProgress: throw YAMLParseError(.recursiveAlias(name), at: node.start.position)
            case .done(let value, let nodes, _):
                expanded += nodes
                if expanded > expansionLimit {
                    throw YAMLParseError(.tooManyAliasedNodes(limit: expansionLimit), at: node.start.position)
                }
                return (value, nodes)
            }
        }
        if let anchor = node.anchor { anchors[anchor] = .inProgress }
        let result: (value: JSONValue, nodes: Int)
        var keyText: String?
        switch node.content {
        case .scalar(let text, let style):
            result = (try Self.resolveScalar(text, style: style, tag: node.tag, at: node.start), 1)
            keyText = text
        case .sequence(let items):
            if let tag = node.tag, Self.scalarOrMapTags.contains(tag) {
                throw YAMLParseError(
                    .tagMismatch(tag: Self.shortTag(tag), found: "a sequence"), at: node.start.position)
            }
            var elements: [JSONValue] = []
            elements.reserveCapacity(items.count)
            var nodes = 1
            for (offset, item) in items.enumerated() {
                if recordsPositions { path.append(String(offset)) }
                let built = try build(item)
                if recordsPositions { path.removeLast() }
                elements.append(built.value)
                nodes += built.nodes
            }
            result = (.array(elements), nodes)
        case .mapping(let pairs):
            if let tag = node.tag, Self.scalarOrSeqTags.contains(tag) {
                throw YAMLParseError(
                    .tagMismatch(tag: Self.shortTag(tag), found: "a mapping"), at: node.start.position)
            }
            result = try buildMapping(pairs)
        case .alias:
            result = (.null, 1)
        }
        if let anchor = node.anchor {
            anchors[anchor] = .done(value: result.value, nodes: result.nodes, keyText: keyText)
        }
        return result
    }

    private mutating func buildMapping(_ pairs: [(key: YAMLNode, value: YAMLNode)]) throws(YAMLParseError)
        -> (
            value: JSONValue, nodes: Int
        )
    {
        var members: [JSONObject.Member] = []
        members.reserveCapacity(pairs.count)
        var keys = KeySet()
        var merged: [JSONObject] = []
        var nodes = 1
        for pair in pairs {
            if Self.isMergeKey(pair.key) {
                let saved = path
                if recordsPositions { path.append("<<") }
                let built = try build(pair.value)
                path = saved
                nodes += built.nodes
                switch built.value {
                case .object(let object): merged.append(object)
                case .array(let elements):
                    for element in elements {
                        guard case .object(let object) = element else {
                            throw YAMLParseError(.invalidMerge, at: pair.value.start.position)
                        }
                        merged.append(object)
                    }
                default: throw YAMLParseError(.invalidMerge, at: pair.value.start.position)
                }
                continue
            }
            let key = try keyText(of: pair.key)
            if let first = keys.position(of: key, in: members) {
                throw YAMLParseError(.duplicateKey(key, firstAt: first), at: pair.key.start.position)
            }
            keys.insert(key, at: pair.key.start.position, members: members)
            if recordsPositions {
                path.append(key)
                sourceMap.recordKey(pair.key.start.position, at: JSONPointer(tokens: path))
            }
            let built = try build(pair.value)
            if recordsPositions { path.removeLast() }
            nodes += built.nodes + 1
            members.append((key, built.value))
        }
        for object in merged {
            for member in object where keys.position(of: member.key, in: members) == nil {
                keys.insert(member.key, at: SourcePosition(line: 0, column: 0, offset: 0), members: members)
                members.append(member)
                nodes += 1
            }
        }
        return (.object(JSONObject(uniqueMembers: members)), nodes)
    }

    /// The keys of a mapping being built, with where each was written: a linear scan for the small
    /// mappings that dominate documents, a dictionary once a mapping grows.
    private struct KeySet {
        private var positions: [SourcePosition] = []
        private var index: [String: Int]?

        /// `members` holds the keys inserted so far, in order (`positions` runs parallel to it).
        func position(of key: String, in members: [JSONObject.Member]) -> SourcePosition? {
            if let index { return index[key].map { positions[$0] } }
            for (offset, member) in members.enumerated() where MemberLookup.sameKey(member.key, key) {
                return positions[offset]
            }
            return nil
        }

        mutating func insert(_ key: String, at position: SourcePosition, members: [JSONObject.Member]) {
            positions.append(position)
            if index != nil {
                index?[key] = positions.count - 1
            } else if positions.count > 16 {
                var built: [String: Int] = [:]
                for (offset, member) in members.enumerated() { built[member.key] = offset }
                built[key] = positions.count - 1
                index = built
            }
        }
    }

    private static func isMergeKey(_ node: YAMLNode) -> Bool {
        guard case .scalar("<<", .plain) = node.content else { return false }
        return node.tag == nil || node.tag == core("merge")
    }

    /// JSON keys are strings: a scalar key is taken as written (`200:` is the key `"200"`).
    private mutating func keyText(of node: YAMLNode) throws(YAMLParseError) -> String {
        switch node.content {
        case .scalar(let text, let style):
            if let anchor = node.anchor {
                let value = try Self.resolveScalar(text, style: style, tag: node.tag, at: node.start)
                anchors[anchor] = .done(value: value, nodes: 1, keyText: text)
            }
            return text
        case .alias(let name):
            switch anchors[name] {
            case .none: throw YAMLParseError(.undefinedAlias(name), at: node.start.position)
            case .inProgress: throw YAMLParseError(.recursiveAlias(name), at: node.start.position)
            case .done(_, _, let keyText):
                guard let keyText else { throw YAMLParseError(.complexKey, at: node.start.position) }
                return keyText
            }
        case .sequence, .mapping:
            throw YAMLParseError(.complexKey, at: node.start.position)
        }
    }

    // MARK: - Scalars

    static func core(_ name: String) -> String { YAMLParser.coreTagPrefix + name }

    /// Core tags a sequence cannot have (other core tags, such as `!!omap`, are accepted as is).
    static let scalarOrMapTags: Set<String> = Set(["str", "int", "float", "bool", "null", "map"].map(core))
    static let scalarOrSeqTags: Set<String> = Set(["str", "int", "float", "bool", "null", "seq"].map(core))

    static func shortTag(_ tag: String) -> String {
        tag.hasPrefix(YAMLParser.coreTagPrefix) ? "!!" + tag.dropFirst(YAMLParser.coreTagPrefix.count) : tag
    }

    static func resolveScalar(_ text: String, style: YAMLScalarStyle, tag: String?, at mark: YAMLMark)
        throws(YAMLParseError) -> JSONValue
    {
        guard let tag else {
            return style == .plain ? try coreSchemaValue(text, at: mark) : .string(text)
        }
        func mismatch(_ what: String) -> YAMLParseError {
            YAMLParseError(.tagMismatch(tag: shortTag(tag), found: what), at: mark.position)
        }
        switch tag {
        case core("str"): return .string(text)
        case core("null"):
            guard isNull(text) else { throw mismatch("'\(text)'") }
            return .null
        case core("bool"):
            guard let value = boolValue(text) else { throw mismatch("'\(text)'") }
            return .bool(value)
        case core("int"):
            guard let number = integer(text) else { throw mismatch("'\(text)'") }
            return .number(number)
        case core("float"):
            if isNonFinite(text) { throw YAMLParseError(.nonFiniteNumber(text), at: mark.position) }
            guard let number = integer(text) ?? float(text) else { throw mismatch("'\(text)'") }
            return .number(number)
        case core("map"): throw mismatch("a scalar")
        case core("seq"): throw mismatch("a scalar")
        default:
            // The non-specific tag `!` and unknown (local) tags keep the text as a string.
            return .string(text)
        }
    }

    /// The YAML 1.2 core schema for an untagged plain scalar.
    static func coreSchemaValue(_ text: String, at mark: YAMLMark) throws(YAMLParseError) -> JSONValue {
        guard let first = text.utf8.first else { return .null }
        switch first {
        case UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "~"):
            if isNull(text) { return .null }
        case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"):
            if let value = boolValue(text) { return .bool(value) }
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            if let number = integer(text) ?? float(text) { return .number(number) }
            if isNonFinite(text) { throw YAMLParseError(.nonFiniteNumber(text), at: mark.position) }
        default: break
        }
        return .string(text)
    }

    static func isNull(_ text: String) -> Bool {
        text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

    static func boolValue(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    static func isNonFinite(_ text: String) -> Bool {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN",
            ".NAN":
            return true
        default: return false
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    /// `[-+]?[0-9]+`, `0o[0-7]+` or `0x[0-9a-fA-F]+`, exactly.
    static func integer(_ text: String) -> JSONNumber? {
        var bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return nil }
        if bytes.count > 2 && bytes[0] == UInt8(ascii: "0")
            && (bytes[1] == UInt8(ascii: "o") || bytes[1] == UInt8(ascii: "x"))
        {
            let radix = bytes[1] == UInt8(ascii: "o") ? 8 : 16
            var decimal: [UInt8] = [0]  // little-endian decimal digits
            for byte in bytes[2...] {
                guard let digit = YAMLScanner.hexValue(byte), digit < radix else { return nil }
                var carry = digit
                for position in decimal.indices {
                    let total = Int(decimal[position]) * radix + carry
                    decimal[position] = UInt8(total % 10)
                    carry = total / 10
                }
                while carry > 0 {
                    decimal.append(UInt8(carry % 10))
                    carry /= 10
                }
            }
            return JSONNumber(negative: false, digits: decimal.reversed().map { $0 + 48 }, exponent: 0)
        }
        var negative = false
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            negative = bytes[0] == UInt8(ascii: "-")
            bytes.removeFirst()
        }
        guard !bytes.isEmpty, bytes.allSatisfy(isDigit) else { return nil }
        return JSONNumber(negative: negative, digits: bytes, exponent: 0)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, exactly (finite floats only).
    static func float(_ text: String) -> JSONNumber? {
        let bytes = Array(text.utf8)
        var index = 0
        var negative = false
        if index < bytes.count && (bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")) {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var digits: [UInt8] = []
        var integerDigits = 0
        while index < bytes.count && isDigit(bytes[index]) {
            digits.append(bytes[index])
            integerDigits += 1
            index += 1
        }
        var fractionDigits = 0
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count && isDigit(bytes[index]) {
                digits.append(bytes[index])
                fractionDigits += 1
                index += 1
            }
            if integerDigits == 0 && fractionDigits == 0 { return nil }
        } else if integerDigits == 0 {
            return nil
        }
        var exponent = 0
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            var exponentNegative = false
            if index < bytes.count && (bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+"))
            {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { return nil }
            while index < bytes.count && isDigit(bytes[index]) {
                if exponent < 1_000_000_000 { exponent = exponent * 10 + Int(bytes[index] - 48) }
                index += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        guard index == bytes.count else { return nil }
        return JSONNumber(negative: negative, digits: digits, exponent: exponent - fractionDigits)
    }
}
