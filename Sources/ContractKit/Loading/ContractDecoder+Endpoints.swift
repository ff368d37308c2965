import JSONSchema

extension ContractDecoder {
    mutating func endpoint(_ value: JSONValue, at pointer: JSONPointer) -> Endpoint? {
        guard var reader = ObjectReader(value, as: ContractShape.endpoint, at: pointer, log: &log) else {
            return nil
        }
        let id = reader.string("id", log: &log) ?? ""
        var method = reader.string("method", log: &log) ?? "GET"
        if !ContractShape.methods.contains(method.uppercased()) {
            var message = "unknown HTTP method \"\(method)\""
            if let suggestion = Suggestion.closest(to: method.uppercased(), in: ContractShape.methods) {
                message += "; did you mean \"\(suggestion)\"?"
            }
            log.error(message, at: pointer.appending("method"))
        }
        method = method.uppercased()
        let pathText = reader.string("path", log: &log) ?? "/"
        let path = PathTemplate(pathText)
        if path == nil {
            log.error(
                "\"path\" must start with \"/\" and use balanced, non-empty {name} placeholders with text between neighbours, found \"\(pathText)\"",
                at: pointer.appending("path"))
        }
        let summary = reader.string("summary", log: &log)
        _ = reader.string("description", log: &log)
        let tags = reader.stringArray("tags", log: &log) ?? []
        let parameters = self.parameters(
            reader.value("parameters", log: &log), at: pointer.appending("parameters"))
        let request = reader.value("request", log: &log).flatMap {
            self.request($0, at: pointer.appending("request"))
        }
        let responses = self.responses(
            reader.value("responses", log: &log), at: pointer.appending("responses"))
        let latency = latencyBudget(&reader)
        let checks = checkSettings(reader.value("checks", log: &log), at: pointer.appending("checks"))
        var examples: [Example] = []
        for (index, value) in (reader.array("examples", log: &log) ?? []).enumerated() {
            if let example = self.example(value, at: pointer.appending("examples").appending(index)) {
                examples.append(example)
            }
        }
        _ = reader.value("security", log: &log)  // read by ContractAuthDecoder
        reader.reportUnknownKeys(log: &log)
        return Endpoint(
            id: id, method: method, path: path ?? .root,
            summary: summary, tags: tags, parameters: parameters, request: request, responses: responses,
            latencyBudget: latency, checks: checks, examples: examples, pointer: pointer)
    }

    private mutating func parameters(_ value: JSONValue?, at pointer: JSONPointer) -> [Parameter] {
        guard let value,
            var reader = ObjectReader(value, as: ContractShape.parameters, at: pointer, log: &log)
        else { return [] }
        var result: [Parameter] = []
        for location in Parameter.Location.allCases {
            guard let group = reader.object(location.rawValue, log: &log) else { continue }
            for member in group.members {
                let itemPointer = pointer.appending(location.rawValue).appending(member.key)
                if let parameter = self.parameter(member.key, member.value, in: location, at: itemPointer) {
                    result.append(parameter)
                }
            }
        }
        reader.reportUnknownKeys(log: &log)
        return result
    }

    private mutating func parameter(
        _ name: String, _ value: JSONValue, in location: Parameter.Location, at pointer: JSONPointer
    ) -> Parameter? {
        guard var item = ObjectReader(value, as: ContractShape.parameter, at: pointer, log: &log) else {
            return nil
        }
        var required = item.bool("required", log: &log) ?? (location == .path)
        if location == .path && !required {
            log.error("path parameter \"\(name)\" cannot be optional", at: pointer.appending("required"))
            required = true
        }
        let schemaPointer = self.schemaPointer(&item)
        _ = item.string("description", log: &log)
        var filters: PointerPattern?
        if let text = item.string("filters", log: &log) {
            filters = PointerPattern(text)
            if filters == nil {
                log.error(
                    "\"filters\" must be a JSON pointer such as \"/items/*/category\", found \"\(text)\"",
                    at: pointer.appending("filters"))
            }
        }
        var limits: JSONPointer?
        if let text = item.string("limits", log: &log) {
            limits = JSONPointer(text)
            if limits == nil {
                log.error(
                    "\"limits\" must be a JSON pointer to the array it bounds, such as \"/items\", found \"\(text)\"",
                    at: pointer.appending("limits"))
            }
        }
        let style = self.style(&item, location: location, at: pointer)
        let explode = item.bool("explode", log: &log) ?? false
        let allowReserved = item.bool("allowReserved", log: &log) ?? false
        item.reportUnknownKeys(log: &log)
        return Parameter(
            name: name, location: location, isRequired: required, schemaPointer: schemaPointer,
            filters: filters, limits: limits, style: style, explode: explode, allowReserved: allowReserved,
            pointer: pointer)
    }

    /// A parameter's `style`, which must be one its location allows.
    private mutating func style(
        _ item: inout ObjectReader, location: Parameter.Location, at pointer: JSONPointer
    ) -> ParameterStyle? {
        guard let text = item.string("style", log: &log) else { return nil }
        let allowed = ParameterStyle.allowed(in: location)
        guard let style = ParameterStyle(rawValue: text), allowed.contains(style) else {
            var message =
                "\"style\" of a \(location.rawValue) parameter must be one of "
                + allowed.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + ", found \"\(text)\""
            if let suggestion = Suggestion.closest(to: text, in: allowed.map(\.rawValue)) {
                message += "; did you mean \"\(suggestion)\"?"
            }
            log.error(message, at: pointer.appending("style"))
            return nil
        }
        return style
    }

    private mutating func request(_ value: JSONValue, at pointer: JSONPointer) -> RequestSpec? {
        guard var reader = ObjectReader(value, as: ContractShape.request, at: pointer, log: &log) else {
            return nil
        }
        let contentType = reader.string("contentType", log: &log) ?? "application/json"
        if !MediaType.isWellFormed(contentType) {
            log.error(
                "\"contentType\" must be a media type such as \"application/json\", found \"\(contentType)\"",
                at: pointer.appending("contentType"))
        }
        let schemaPointer = self.schemaPointer(&reader)
        let required = reader.bool("required", log: &log) ?? true
        _ = reader.string("description", log: &log)
        reader.reportUnknownKeys(log: &log)
        return RequestSpec(
            contentType: contentType, schemaPointer: schemaPointer, isRequired: required, pointer: pointer)
    }
}
