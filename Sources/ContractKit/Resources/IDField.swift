public import JSONSchema

/// Where an item keeps its id, and a listing its items: the names servers give them, so the mock,
/// the fuzzer and the resource model read them the same way.
public enum IDField {
    /// The names an item's id may have, most likely first: the path parameter's name (`petId`, or
    /// `pet_id` for `{petId}`), `id`, the singular of the collection with `Id`/`_id` (`noteId` for
    /// `/notes`), then the usual names (`pk`, `_id`, `uuid`, `key`, `slug`, `code`, `name`).
    public static func candidates(parameter: String, collection: String = "") -> [String] {
        var names = [parameter]
        let lowered = parameter.lowercased()
        if lowered.hasSuffix("id"), parameter.count > 2 {
            // `book_id`, `bookId` and `bookID` name the same field.
            var stem = String(parameter.dropLast(2))
            if stem.hasSuffix("_") || stem.hasSuffix("-") { stem = String(stem.dropLast()) }
            if !stem.isEmpty { names += [stem + "_id", stem + "Id", stem + "ID"] }
        }
        names.append("id")
        if let last = collection.split(separator: "/").last(where: { !$0.hasPrefix("{") }) {
            let singular = singularOf(String(last))
            names += [singular + "Id", singular + "_id", singular + "ID"]
        }
        names += ["ID", "Id", "pk", "_id", "uuid", "key", "slug", "code", "name"]
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// The member of `object` that holds its id, or nil.
    public static func name(in object: JSONObject, parameter: String, collection: String = "") -> String? {
        name(among: object.keys, parameter: parameter, collection: collection)
    }

    /// The one of `keys` that holds an item's id, or nil: a candidate name, else a key ending in `id`.
    public static func name(among keys: [String], parameter: String, collection: String = "") -> String? {
        candidate(among: keys, parameter: parameter, collection: collection)
            ?? keys.first { $0.lowercased().hasSuffix("id") }
    }

    /// The one of `keys` that is a candidate name of an item's id, or nil.
    static func candidate(among keys: [String], parameter: String, collection: String) -> String? {
        let present = Set(keys)
        return candidates(parameter: parameter, collection: collection).first(where: present.contains)
    }

    /// The members an answer may wrap its item in (`{"data": {"id": 7}}`), most usual first: the
    /// usual names, then the singular of the collection (`{"todo": {...}}` for `/todos`).
    public static func envelopes(collection: String = "") -> [String] {
        var names = ["data", "item", "result", "resource", "record", "object", "entity"]
        if let last = collection.split(separator: "/").last(where: { !$0.hasPrefix("{") }) {
            let singular = singularOf(String(last))
            if !names.contains(singular) { names.append(singular) }
        }
        return names
    }

    /// The object an answer holds its item in: the answer itself when it names an id candidate,
    /// else the first envelope member that is an object naming one, else the answer.
    public static func item(in object: JSONObject, parameter: String, collection: String = "") -> JSONObject {
        if candidate(among: object.keys, parameter: parameter, collection: collection) != nil {
            return object
        }
        for key in envelopes(collection: collection) {
            if case .object(let inner)? = object[key],
                candidate(among: inner.keys, parameter: parameter, collection: collection) != nil
            {
                return inner
            }
        }
        return object
    }

    /// Where a listing keeps its items: the body itself when it is an array, else its first array
    /// property (`{"items": [...], "total": 3}`).
    public static func itemsLocation(in body: JSONValue) -> JSONPointer? {
        switch body {
        case .array: return .root
        case .object(let object):
            return object.members.first { if case .array = $0.value { return true } else { return false } }
                .map { JSONPointer(tokens: [$0.key]) }
        default: return nil
        }
    }

    /// `books` → `book`, `categories` → `category`, `boxes` stays `boxe` only for words the rules
    /// do not cover: good enough for field names.
    static func singularOf(_ word: String) -> String {
        if word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        if word.hasSuffix("ses") || word.hasSuffix("xes") { return String(word.dropLast(2)) }
        if word.hasSuffix("s") { return String(word.dropLast()) }
        return word
    }
}

extension Resource {
    /// The id an item's JSON object holds, by the resource's id names; nil when it holds none.
    public func id(in body: JSONValue) -> JSONValue? {
        guard case .object(let answer) = body, let parameter = idParameter else { return nil }
        let object = IDField.item(in: answer, parameter: parameter, collection: collection.template)
        guard let field = IDField.name(in: object, parameter: parameter, collection: collection.template),
            let value = object[field], value.stringValue != nil || value.numberValue != nil
        else { return nil }
        return value
    }

    /// The placeholder values a `Location` (a URL or a path) names, read by the item path: its last
    /// segments are matched, so a base path in front does not matter.
    public func placeholders(inLocation location: String) -> [String: String]? {
        guard let item else { return nil }
        var path = location
        if let schemeEnd = location.range(of: "://") {
            let rest = location[schemeEnd.upperBound...]
            path = rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? "/"
        }
        if let query = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = String(path[..<query]) }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        let count = item.segments.count
        guard segments.count > count else { return nil }
        let tail = "/" + segments.suffix(count).joined(separator: "/")
        return item.match(tail.removingPercentEncoding ?? tail)
    }

    /// The ids a listing's answer holds, in order.
    public func listedIDs(in body: JSONValue) -> [JSONValue] {
        guard let location = IDField.itemsLocation(in: body),
            case .array(let items)? = location.resolve(in: body)
        else { return [] }
        return items.compactMap(id(in:))
    }
}
