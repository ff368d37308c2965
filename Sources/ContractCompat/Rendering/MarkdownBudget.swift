/// Keeps a Markdown report within a size a pull-request comment takes: lines are taken while they
/// fit, and what is left out is counted by level so the report can say so.
struct MarkdownBudget {
    /// Bytes kept back for the closing lines and the note on what was left out.
    static let reserve = 1_200

    private(set) var lines: [String] = []
    private(set) var used = 0
    let limit: Int
    /// Changes left out, by level.
    private(set) var omitted: [CompatLevel: Int] = [:]

    init(limit: Int) { self.limit = limit }

    /// Whether `more` lines fit within the limit, the reserve kept aside.
    func fits(_ more: [String]) -> Bool {
        used + Self.size(more) <= limit - Self.reserve
    }

    /// Appends lines that must be there (headings, closing tags) whatever the budget.
    mutating func append(_ more: [String]) {
        lines += more
        used += Self.size(more)
    }

    /// Appends the lines of one change when they fit; else counts the change as left out.
    @discardableResult
    mutating func offer(_ more: [String], level: CompatLevel) -> Bool {
        guard fits(more) else {
            omitted[level, default: 0] += 1
            return false
        }
        append(more)
        return true
    }

    var omittedCount: Int { omitted.values.reduce(0, +) }

    static func size(_ lines: [String]) -> Int { lines.reduce(0) { $0 + $1.utf8.count + 1 } }
}
