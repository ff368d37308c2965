import ConformHTTP
import ContractKit
import JSONSchema

/// One answer of a listing, read as a client reads a page: the ids it shows, the count it declares
/// (`total`, `count`, `totalCount`), the page size and offset it was asked for or states, and
/// whether more pages follow. A page adds up when it holds as many items as its count, size and
/// offset leave for it (`listing_consistency`).
struct ListingPage {
    var ids: [JSONValue]
    /// How many items the page holds.
    var count: Int
    /// The number of items the listing says there are in all.
    var total: Int?
    /// The most items a page may hold, as asked or as the answer states.
    var limit: Int?
    /// How many items come before this page.
    var offset: Int
    /// Whether the answer links to a next page.
    var hasNext: Bool

    static let totalNames = ["total", "count", "totalCount", "total_count", "totalItems", "total_items"]
    static let limitNames = ["limit", "page_size", "pageSize", "per_page", "perPage", "size"]
    static let offsetNames = ["offset", "skip", "start"]
    static let pageNames = ["page", "page_number", "pageNumber"]
    static let nextNames = ["next", "next_page", "nextPage", "next_cursor", "nextCursor", "cursor"]

    /// The page `body` shows, for a request that sent `query` (`limit`, `offset`, `page`); a
    /// `Link: <…>; rel="next"` or `Next-Page` header says more pages follow.
    init(
        body: JSONValue, ids: [JSONValue], query: [(name: String, value: JSONValue)], nextHeader: Bool = false
    ) {
        self.ids = ids
        if let location = IDField.itemsLocation(in: body),
            case .array(let items)? = location.resolve(in: body)
        {
            count = items.count
        } else {
            count = ids.count
        }
        let object = body.objectValue ?? JSONObject()
        // `_limit`, `page_size` and `pageSize` name the same thing.
        func integer(_ names: [String]) -> Int? {
            let wanted = Set(names.map(Self.normalized))
            for member in object.members where wanted.contains(Self.normalized(member.key)) {
                if let value = member.value.numberValue?.intValue { return value }
            }
            for pair in query where wanted.contains(Self.normalized(pair.name)) {
                if let value = pair.value.numberValue?.intValue ?? Int(Template.plainText(pair.value)) {
                    return value
                }
            }
            return nil
        }
        total = Self.totalNames.lazy.compactMap { object[$0]?.numberValue?.intValue }.first
        limit = integer(Self.limitNames)
        if let offset = integer(Self.offsetNames) {
            self.offset = offset
        } else if let page = integer(Self.pageNames), let limit, page >= 1 {
            offset = (page - 1) * limit
        } else {
            offset = 0
        }
        hasNext =
            nextHeader
            || Self.nextNames.contains { name in
                object[name].map { $0 != .null && $0 != .bool(false) } ?? false
            }
    }

    static func normalized(_ name: String) -> String {
        name.lowercased().filter { $0 != "_" && $0 != "-" }
    }

    /// Whether response headers point to a next page.
    static func linksNext(_ headers: HTTPFields) -> Bool {
        if headers["Next-Page"] != nil { return true }
        return headers.values(for: "Link").contains {
            $0.lowercased().contains("rel=\"next\"") || $0.contains("rel=next")
        }
    }

    /// How many items the page should hold by its declared count, size and offset; nil when the
    /// answer declares no count or no page size is known.
    var expectedCount: Int? {
        guard let total, let limit else { return nil }
        return max(0, min(limit, total - offset))
    }

    /// Whether other pages may hold items this one does not show: a next link, a count beyond the
    /// page, a page as full as its size (or, with no size known, of ten items or more).
    var mayBePartial: Bool {
        if hasNext { return true }
        if let total { return total > offset + count || offset > 0 }
        if let limit { return count >= limit || offset > 0 }
        return count >= 10
    }

    /// The query of the page that holds the last items, where the listing pages by offset or by
    /// page number and declares a count; nil otherwise.
    func lastPageQuery(parameters: [Parameter]) -> (name: String, value: JSONValue)? {
        guard let total, let limit, limit > 0, total > offset + count else { return nil }
        let names = Set(parameters.filter { $0.location == .query }.map(\.name))
        if let name = Self.offsetNames.first(where: names.contains) {
            return (name, .number(JSONNumber(max(0, total - limit))))
        }
        if let name = Self.pageNames.first(where: names.contains) {
            return (name, .number(JSONNumber((total + limit - 1) / limit)))
        }
        return nil
    }
}
