import ConformHTTP
import ContractKit
import JSONSchema

/// Breaks a correct response in the ways `MockFault` names, using the response schema to find a
/// place where the break really violates the contract (a field that must be a number, a key that
/// is required, an object that is closed).
struct FaultInjector {
    let mock: ContractMock
    let endpoint: Endpoint

    func apply(to reply: inout HTTPServer.Reply) {
        let active = MockFault.allCases.filter { mock.isActive($0, for: endpoint) }
        guard !active.isEmpty else { return }
        mutateBody(of: &reply.response, active: active)
        for fault in active { apply(fault, to: &reply) }
    }

    /// Breaks the JSON body where the schema offers a place for each of the `active` faults.
    private func mutateBody(of response: inout HTTPResponse, active: [MockFault]) {
        let schema = endpoint.response(for: response.status)?.schemaPointer.flatMap {
            mock.navigator.schema(at: $0)
        }
        let isJSON = response.headers["Content-Type"].map(MediaType.isJSON) ?? false
        guard isJSON, let schema, var body = try? JSONParser.parse(response.body) else { return }
        var changed = false
        for fault in active {
            if let mutated = mutate(body, schema: schema, fault: fault) {
                body = mutated
                changed = true
            }
        }
        if changed { response.body = JSONSerializer().bytes(body) }
    }

    /// Applies a fault that changes the message (status, type, body) or how it is delivered.
    private func apply(_ fault: MockFault, to reply: inout HTTPServer.Reply) {
        switch fault {
        case .serverError:
            reply.response = ContractMock.errorResponse(500, "internal server error (injected fault)")
        case .undeclaredStatus:
            reply.response.status = 418
        case .wrongContentType:
            reply.response.headers["Content-Type"] = "text/plain"
        case .delay:
            let budget = endpoint.latencyBudget ?? mock.contract.latencyBudget ?? .seconds(1)
            reply.faults.delay = budget + mock.configuration.faultDelay
        case .truncatedBody:
            reply.faults.truncateBodyAfter = max(1, reply.response.body.count / 2)
        case .connectionReset:
            reply.faults.resetAfterBodyBytes = max(1, reply.response.body.count / 2)
        case .notJSON:
            reply.response.body = Array("<html><body><h1>Service Unavailable</h1></body></html>".utf8)
        case .wrongType, .missingRequiredKey, .extraKey, .unexpectedNull, .ignoredFilter, .acceptsInvalidBody,
            .crashesOnMalformedBody:
            break
        }
    }

    /// The body with one violation of `fault` injected, or nil when the schema offers no place for it.
    private func mutate(_ body: JSONValue, schema: JSONValue, fault: MockFault) -> JSONValue? {
        let navigator = mock.navigator
        for (pointer, value, valueSchema) in walk(body, schema: schema, pointer: .root) {
            let types = navigator.types(of: valueSchema)
            switch fault {
            case .wrongType:
                if case .number(let number) = value, !types.contains("string") {
                    return body.replacing(at: pointer, with: .string(number.description))
                }
                if case .string = value, !types.contains("integer"), !types.contains("number"),
                    !pointer.isRoot
                {
                    return body.replacing(at: pointer, with: .number(JSONNumber(12345)))
                }
            case .missingRequiredKey:
                if case .object(var object) = value,
                    let key = navigator.required(of: valueSchema).first(where: { object[$0] != nil })
                {
                    object[key] = nil
                    return body.replacing(at: pointer, with: .object(object))
                }
            case .extraKey:
                if case .object(var object) = value, navigator.isClosed(valueSchema) {
                    object["unexpected_field"] = "injected by the extra-key fault"
                    return body.replacing(at: pointer, with: .object(object))
                }
            case .unexpectedNull:
                if !pointer.isRoot, !types.isEmpty, !types.contains("null"), !value.isNull,
                    value.arrayValue == nil, value.objectValue == nil
                {
                    return body.replacing(at: pointer, with: .null)
                }
            default:
                return nil
            }
        }
        return nil
    }

    /// Every value of `value` (depth first, parents before children) with its pointer and schema.
    private func walk(_ value: JSONValue, schema: JSONValue, pointer: JSONPointer) -> [(
        JSONPointer, JSONValue, JSONValue
    )] {
        let navigator = mock.navigator
        var result = [(pointer, value, navigator.resolve(schema))]
        switch value {
        case .object(let object):
            for member in object.members {
                guard let child = navigator.property(member.key, of: schema) else { continue }
                result += walk(member.value, schema: child, pointer: pointer.appending(member.key))
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                guard let child = navigator.element(index, of: schema) else { continue }
                result += walk(element, schema: child, pointer: pointer.appending(index))
            }
        default:
            break
        }
        return result
    }
}
