/// Counts with their noun in the right number: "1 endpoint", "2 endpoints", "0 errors".
enum Plural {
    /// `count` followed by `noun`, with an `s` unless the count is one (or `plural` when irregular).
    static func count(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
    }
}
