import ContractKit
import Foundation
import JSONSchema

/// Compares what a request sent with what the server stored, the way a client would notice: only
/// the properties the request may write (not `readOnly` or `writeOnly` ones) and the item's read
/// still means (not those its read schema marks `deprecated`), only where both
/// sides have a value, numbers by value, dates by the instant they name, an array by the elements
/// it kept (a server may add its own or order them), and changed text as a loss, unless the
/// property's format lets a server normalise it (an e-mail address or a host name up to case, a
/// URI's scheme and host, a UUID's case) or its description says the server does.
///
/// A sent member whose value, laid over what was read (``SentOverlay``), the read schema does not
/// accept is not compared: the server cannot store it as sent, since the item reads it in another
/// shape (Prefect's deployment takes `schedules` as creates and reads them as schedules). The mock
/// stores such a member by the same rule.
struct StoredComparison {
    let navigator: SchemaNavigator
    /// Whether a value is valid for a schema (of the contract's document); nil compares every
    /// member.
    var accepts: ((JSONValue, JSONValue) -> Bool)? = nil

    struct Difference {
        var pointer: String
        var sent: String
        var stored: String
    }

    /// The places where `stored` does not hold what `sent` gave. With `nullShowsNothing`, a
    /// `null` in `sent` gives no value to compare: an answer compared with a later read left the
    /// value out, and a create that sends `null` gives none, so the server may fill its own
    /// (Prefect fills a task run's `state_details.flow_run_id` from the run). `readSchema` is the
    /// schema the item is read with: a property it marks `deprecated` may no longer mean what
    /// was written (Prefect's deployment `concurrency_limit`, "will always be None").
    func differences(
        sent: JSONValue?, stored: JSONValue, writableBy schemaPointer: JSONPointer?,
        readBy readSchema: JSONPointer? = nil, nullShowsNothing: Bool = false
    ) -> [Difference] {
        guard let sent else { return [] }
        let schema = schemaPointer.flatMap(navigator.schema(at:))
        var found: [Difference] = []
        compare(
            sent, stored, schemas: (schema, readSchema.flatMap(navigator.schema(at:))), pointer: "",
            into: &found, depth: 0, nullShowsNothing: nullShowsNothing)
        return found
    }

    /// The writable properties the request did not send whose value changed between `before` and
    /// `after`: a merge (`PATCH`) must leave them as they were.
    func changedBesides(
        sent: JSONValue?, before: JSONValue, after: JSONValue, writableBy schemaPointer: JSONPointer?
    ) -> [Difference] {
        guard case .object(let old) = before, case .object(let new) = after,
            let schema = schemaPointer.flatMap(navigator.schema(at:))
        else { return [] }
        let sentKeys = Set(sent?.objectValue?.keys ?? [])
        let writable = navigator.resolve(schema)["properties"]?.objectValue?.keys ?? []
        var found: [Difference] = []
        for key in writable where !sentKeys.contains(key) && !isExempt(key, in: schema) {
            guard let was = old[key], let now = new[key],
                !unchanged(was, now, schema: navigator.property(key, of: schema), depth: 0)
            else { continue }
            found.append(Difference(pointer: "/" + key, sent: preview(was), stored: preview(now)))
        }
        return found
    }

    /// Whether what a client wrote of a value is as it was: inside an object, only the properties
    /// its schema declares (a server's own `last_modified` inside `data` changes on every write).
    private func unchanged(_ was: JSONValue, _ now: JSONValue, schema: JSONValue?, depth: Int) -> Bool {
        guard case .object(let before) = was, case .object(let after) = now, let schema, depth < 16 else {
            return equivalent(was, now, schema: schema)
        }
        let declared = navigator.resolve(schema)["properties"]?.objectValue?.keys ?? []
        return declared.allSatisfy { key in
            guard let old = before[key], let new = after[key], !isExempt(key, in: schema) else { return true }
            return unchanged(old, new, schema: navigator.property(key, of: schema), depth: depth + 1)
        }
    }

    /// Compares `sent` with `stored` under the request's schema and the read's, side by side.
    private func compare(
        _ sent: JSONValue, _ stored: JSONValue, schemas: (write: JSONValue?, read: JSONValue?),
        pointer: String, into found: inout [Difference], depth: Int, nullShowsNothing: Bool
    ) {
        guard depth < 16, !(nullShowsNothing && sent == .null) else { return }
        let schema = schemas.write
        if case .object(let sentObject) = sent, case .object(let storedObject) = stored {
            for member in sentObject.members {
                guard let value = storedObject[member.key], !isExempt(member.key, in: schema),
                    !isDeprecated(member.key, in: schemas.read)
                else { continue }
                let property = schema.flatMap { navigator.property(member.key, of: $0) }
                let read = schemas.read.flatMap { navigator.property(member.key, of: $0) }
                if let read, let accepts, !accepts(SentOverlay.value(member.value, over: value), read) {
                    continue
                }
                compare(
                    member.value, value, schemas: (property, read),
                    pointer: pointer + "/" + Self.escaped(member.key), into: &found, depth: depth + 1,
                    nullShowsNothing: nullShowsNothing)
            }
            return
        }
        if !equivalent(sent, stored, schema: schema) {
            found.append(
                Difference(
                    pointer: pointer.isEmpty ? "/" : pointer, sent: preview(sent), stored: preview(stored)))
        }
    }

    /// Whether a property is one a client does not write or read back (`readOnly`, `writeOnly`).
    private func isExempt(_ key: String, in schema: JSONValue?) -> Bool {
        guard let schema, let property = navigator.property(key, of: schema) else { return false }
        return property["readOnly"] == .bool(true) || property["writeOnly"] == .bool(true)
    }

    /// Whether the read schema marks a property `deprecated`: its value may no longer be kept.
    private func isDeprecated(_ key: String, in schema: JSONValue?) -> Bool {
        guard let schema, let property = navigator.property(key, of: schema) else { return false }
        return navigator.resolve(property)["deprecated"] == .bool(true)
    }

    /// Equal as a client reads them: numbers by value, date-times by instant, text as it was sent
    /// (or as its schema lets a server normalise it), arrays by the elements kept.
    func equivalent(_ a: JSONValue, _ b: JSONValue, schema: JSONValue? = nil) -> Bool {
        if a == b { return true }
        let resolved = schema.map(navigator.resolve)
        switch (a, b) {
        case (.number(let x), .number(let y)):
            return x.doubleValue == y.doubleValue
        case (.string(let x), .string(let y)):
            if let first = Self.instant(x), let second = Self.instant(y) {
                return abs(first - second) < 0.001
            }
            if let first = Double(x), let second = Double(y) { return first == second }
            return TextNormalisation(schema: resolved).allows(x, y)
        case (.array(let x), .array(let y)):
            let element = resolved.flatMap { navigator.element(0, of: $0) }
            var left = y
            for sent in x {
                guard let index = left.firstIndex(where: { equivalent(sent, $0, schema: element) }) else {
                    return false
                }
                left.remove(at: index)
            }
            return true
        case (.object(let x), .object(let y)):
            return x.members.allSatisfy { member in
                y[member.key].map {
                    equivalent(
                        member.value, $0, schema: resolved.flatMap { navigator.property(member.key, of: $0) })
                } ?? true
            }
        case (.number(let x), .string(let y)), (.string(let y), .number(let x)):
            return Double(y) == x.doubleValue
        default:
            return false
        }
    }

    /// The instant an RFC 3339 date-time (or a date) names, in seconds since 1970.
    static func instant(_ text: String) -> Double? {
        guard text.count >= 10, text.first?.isNumber == true else { return nil }
        let full = ISO8601DateFormatter()
        full.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = full.date(from: text) { return date.timeIntervalSince1970 }
        full.formatOptions = [.withInternetDateTime]
        if let date = full.date(from: text) { return date.timeIntervalSince1970 }
        full.formatOptions = [.withFullDate]
        return text.count == 10 ? full.date(from: text)?.timeIntervalSince1970 : nil
    }

    private func preview(_ value: JSONValue) -> String { BodyPreview.json(value, limit: 80) }

    private static func escaped(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
