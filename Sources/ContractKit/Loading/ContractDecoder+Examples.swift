import JSONSchema

extension ContractDecoder {
    mutating func example(_ value: JSONValue, at pointer: JSONPointer) -> Example? {
        guard var reader = ObjectReader(value, as: ContractShape.example, at: pointer, log: &log) else {
            return nil
        }
        let name = reader.string("name", log: &log) ?? "example"
        _ = reader.string("description", log: &log)
        let pathParameters = members(reader.object("pathParameters", log: &log))
        let query = members(reader.object("query", log: &log))
        let headers = members(reader.object("headers", log: &log))
        for header in headers where header.value.stringValue == nil {
            log.error(
                "header \"\(header.name)\" must be a string",
                at: pointer.appending("headers").appending(header.name))
        }
        let body = reader.value("body", log: &log)
        let rawBody = reader.string("rawBody", log: &log)
        if body != nil && rawBody != nil {
            log.error("an example has either \"body\" (JSON) or \"rawBody\" (text), not both", at: pointer)
        }
        let contentType = reader.string("contentType", log: &log)
        let expectedStatus = reader.value("expect", log: &log).flatMap {
            self.expectedStatus($0, at: pointer.appending("expect"))
        }
        let captures = self.captures(reader.object("capture", log: &log), at: pointer.appending("capture"))
        var assertions: [Assertion] = []
        for (index, item) in (reader.array("assert", log: &log) ?? []).enumerated() {
            if let assertion = self.assertion(item, at: pointer.appending("assert").appending(index)) {
                assertions.append(assertion)
            }
        }
        reader.reportUnknownKeys(log: &log)
        return Example(
            name: name, pathParameters: pathParameters, query: query, headers: headers, body: body,
            rawBody: rawBody, contentType: contentType, expectedStatus: expectedStatus, captures: captures,
            assertions: assertions, pointer: pointer)
    }

    /// The status an example's `"expect"` names.
    private mutating func expectedStatus(_ value: JSONValue, at pointer: JSONPointer) -> Int? {
        guard var expect = ObjectReader(value, as: ContractShape.expect, at: pointer, log: &log) else {
            return nil
        }
        let status = expect.int("status", log: &log)
        if let status, !(100...599).contains(status) {
            log.error(
                "\"status\" must be an HTTP status from 100 to 599, found \(status)",
                at: pointer.appending("status"))
        }
        expect.reportUnknownKeys(log: &log)
        return status
    }

    private func members(_ object: JSONObject?) -> [(name: String, value: JSONValue)] {
        object?.members.map { (name: $0.key, value: $0.value) } ?? []
    }

    private mutating func captures(_ object: JSONObject?, at pointer: JSONPointer) -> [Capture] {
        var result: [Capture] = []
        for member in object?.members ?? [] {
            let itemPointer = pointer.appending(member.key)
            switch member.value {
            case .string(let text):
                guard let target = JSONPointer(text) else {
                    log.error(
                        "capture \"\(member.key)\" must be a JSON pointer such as \"/items/0/id\", found \"\(text)\"",
                        at: itemPointer)
                    continue
                }
                result.append(Capture(variable: member.key, source: .body(target), pointer: itemPointer))
            case .object:
                if let capture = capture(member.key, member.value, at: itemPointer) { result.append(capture) }
            default:
                log.error(
                    "capture \"\(member.key)\" must be a JSON pointer string or an object, found \(ObjectReader.describe(member.value))",
                    at: itemPointer)
            }
        }
        return result
    }

    /// A capture written as an object: exactly one of a body pointer or a header, and a regex.
    private mutating func capture(_ variable: String, _ value: JSONValue, at pointer: JSONPointer) -> Capture?
    {
        guard var reader = ObjectReader(value, as: ContractShape.capture, at: pointer, log: &log) else {
            return nil
        }
        let pointerText = reader.string("pointer", log: &log)
        let header = reader.string("header", log: &log)
        let regex = reader.string("regex", log: &log)
        reader.reportUnknownKeys(log: &log)
        if let header, pointerText == nil {
            return Capture(variable: variable, source: .header(header), regex: regex, pointer: pointer)
        } else if let pointerText, header == nil, let target = JSONPointer(pointerText) {
            return Capture(variable: variable, source: .body(target), regex: regex, pointer: pointer)
        }
        log.error(
            "capture \"\(variable)\" needs exactly one of \"pointer\" (a JSON pointer into the body) or \"header\"",
            at: pointer)
        return nil
    }
}
