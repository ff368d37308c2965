import ContractKit
import Foundation

/// The `x-sunset` date a deprecated operation announces: the day from which its removal is
/// allowed. Removing it earlier breaks the promise made to the clients still calling it, as the
/// established catalogue says (`api-removed-before-sunset`).
struct Sunset: Sendable, Equatable {
    /// The day, `YYYY-MM-DD`.
    let day: String

    /// The sunset the description gives for `endpoint` (`x-sunset`, a date or an RFC 3339
    /// date-time), nil when it gives none or one that is not a date.
    init?(of endpoint: Endpoint, in description: LoadedDescription) {
        guard let text = description.sourceValue(at: endpoint.pointer)?["x-sunset"]?.stringValue else {
            return nil
        }
        self.init(text)
    }

    init?(_ text: String) {
        let day = String(text.trimmingCharacters(in: .whitespaces).prefix(10))
        let parts = day.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.map(\.count) == [4, 2, 2],
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { return nil }
        self.day = day
    }

    /// Whether the sunset is still to come on `date` (a removal on the sunset day itself is allowed).
    func isAfter(_ date: Date) -> Bool { day > Self.day(of: date) }

    /// `date` as a UTC day, `YYYY-MM-DD`.
    static func day(of date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
