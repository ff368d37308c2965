/// Implicit keys (`name: value`, whose `key` token is inserted once the `:` proves them keys) and
/// block indentation, which becomes explicit block start and end tokens.
extension YAMLScanner {
    mutating func staleSimpleKeys() throws(YAMLParseError) {
        for level in simpleKeys.indices where simpleKeys[level].possible {
            let key = simpleKeys[level]
            let multiLineAllowed = level > 0 && !flowIsSequence[level - 1]
            let stale =
                (key.mark.line != mark.line && !multiLineAllowed)
                || (level == 0 && mark.index - key.mark.index > 1024)
            if stale {
                if key.required {
                    throw error(
                        "expected ':' after the implicit mapping key that starts here (an implicit key must fit on one line)",
                        at: key.mark)
                }
                simpleKeys[level].possible = false
            }
        }
    }

    mutating func saveSimpleKey() throws(YAMLParseError) {
        let required = flowLevel == 0 && indent == mark.column
        guard simpleKeyAllowed else { return }
        try removeSimpleKey()
        simpleKeys[simpleKeys.count - 1] = SimpleKey(
            possible: true, required: required, tokenNumber: tokens.count, mark: mark,
            tabIndented: tokenTabIndented)
    }

    mutating func removeSimpleKey() throws(YAMLParseError) {
        let key = simpleKeys[simpleKeys.count - 1]
        if key.possible && key.required {
            throw error("expected ':' after the implicit mapping key that starts here", at: key.mark)
        }
        simpleKeys[simpleKeys.count - 1].possible = false
    }

    mutating func rollIndent(_ column: Int, at tokenNumber: Int?, _ kind: YAMLToken.Kind, _ start: YAMLMark)
        throws(YAMLParseError)
    {
        guard flowLevel == 0, indent < column else { return }
        if indents.count >= maximumDepth {
            throw YAMLParseError(.tooDeep(limit: maximumDepth), at: start.position)
        }
        indents.append(indent)
        indent = column
        let token = YAMLToken(kind: kind, start: start, end: start)
        if let tokenNumber { tokens.insert(token, at: tokenNumber) } else { tokens.append(token) }
    }

    mutating func unrollIndent(_ column: Int) {
        guard flowLevel == 0 else { return }
        while indent > column {
            tokens.append(YAMLToken(kind: .blockEnd, start: mark, end: mark))
            indent = indents.popLast() ?? -1
        }
    }
}
