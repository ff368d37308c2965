import JSONSchema

extension ContractDecoder {
    mutating func assertion(_ value: JSONValue, at pointer: JSONPointer) -> Assertion? {
        guard var reader = ObjectReader(value, as: ContractShape.assertion, at: pointer, log: &log) else {
            return nil
        }
        let pathText = reader.string("path", log: &log) ?? ""
        let path = PointerPattern(pathText)
        if path == nil && reader.object["path"] != nil {
            log.error(
                "\"path\" must be a JSON pointer, with * for every element, such as \"/items/*/id\"; found \"\(pathText)\"",
                at: pointer.appending("path"))
        }
        var operations: [Assertion.Operation] = []
        if let expected = reader.value("equals", log: &log) { operations.append(.equals(expected)) }
        for flag in ["notEmpty", "unique"] {
            guard let enabled = reader.bool(flag, log: &log) else { continue }
            if enabled {
                operations.append(flag == "unique" ? .unique : .notEmpty)
            } else {
                log.error("\"\(flag)\" only takes true", at: pointer.appending(flag))
            }
        }
        if let values = reader.value("in", log: &log) {
            if values.arrayValue == nil
                && values.stringValue.map({ !Template.variables(in: $0).isEmpty }) != true
            {
                log.error(
                    "\"in\" must be an array of values or a captured variable such as \"{{categories}}\"",
                    at: pointer.appending("in"))
            }
            operations.append(.oneOf(values))
        }
        if let pattern = reader.string("matches", log: &log) { operations.append(.matches(pattern)) }
        if let flag = reader.bool("exists", log: &log) { operations.append(.exists(flag)) }
        reader.reportUnknownKeys(log: &log)
        guard operations.count == 1, let path else {
            if operations.count != 1 {
                let operators = ContractShape.assertionOperators.map { "\"\($0)\"" }.joined(separator: ", ")
                log.error("an assertion needs exactly one of \(operators)", at: pointer)
            }
            return nil
        }
        return Assertion(path: path, operation: operations[0], pointer: pointer)
    }

    // MARK: - Checks

    mutating func checkSettings(_ value: JSONValue?, at pointer: JSONPointer) -> CheckSettings {
        guard let value else { return CheckSettings() }
        guard case .object(let object) = value else {
            log.error("\"checks\" must be an object keyed by check name", at: pointer)
            return CheckSettings()
        }
        var settings = CheckSettings()
        for member in object.members {
            let itemPointer = pointer.appending(member.key)
            guard let check = CheckName(rawValue: member.key) else {
                let names = ContractShape.checks.names
                var message = "unknown check \"\(member.key)\""
                if let suggestion = Suggestion.closest(to: member.key, in: names) {
                    message += "; did you mean \"\(suggestion)\"?"
                } else {
                    message += " (checks: \(names.joined(separator: ", ")))"
                }
                log.error(message, at: itemPointer)
                continue
            }
            setting(member.value, of: check, at: itemPointer, in: &settings)
        }
        return settings
    }

    /// One check's setting: `true`, `false`, or `{"enabled", "acceptedStatuses"}`.
    private mutating func setting(
        _ value: JSONValue, of check: CheckName, at pointer: JSONPointer, in settings: inout CheckSettings
    ) {
        switch value {
        case .bool(let enabled):
            if enabled { settings.enabled.insert(check) } else { settings.disabled.insert(check) }
        case .object:
            guard var reader = ObjectReader(value, as: ContractShape.checkSetting, at: pointer, log: &log)
            else { return }
            switch reader.bool("enabled", log: &log) {
            case false?: settings.disabled.insert(check)
            case true?: settings.enabled.insert(check)
            case nil: break
            }
            if let statuses = reader.array("acceptedStatuses", log: &log) {
                let codes = statuses.compactMap(\.intValue).filter { (100...599).contains($0) }
                if codes.count != statuses.count {
                    log.error(
                        "\"acceptedStatuses\" must be HTTP status codes (100-599)",
                        at: pointer.appending("acceptedStatuses"))
                }
                settings.acceptedStatuses[check] = codes
            }
            reader.reportUnknownKeys(log: &log)
        default:
            log.error(
                "check \"\(check.rawValue)\" takes true, false or {\"enabled\", \"acceptedStatuses\"}",
                at: pointer)
        }
    }
}
