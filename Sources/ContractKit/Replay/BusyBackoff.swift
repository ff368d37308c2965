public import ConformHTTP
public import Foundation

/// Sends a request again when the server answers that it is busy: 503 Service Unavailable or 429
/// Too Many Requests (RFC 9110 §15.6.4, RFC 6585 §4). A fuzzer sends many requests at once, and a
/// server that sheds that load (a SQLite-backed server refusing a concurrent write) has not failed;
/// what counts is how it answers once it can (a contract example that expects 503 still gets it,
/// a little later).
///
/// Bounded: at most ``maximumRetries`` more attempts, each after the wait `Retry-After` asks for
/// (seconds or an HTTP date) capped at ``longestWait``, or, without it, after 250 ms, 500 ms and
/// 1 s. `conform run` judges the last answer as it is, so a persistent 503 is reported there;
/// `conform fuzz` leaves a request still answered so unjudged (``stayedBusy(_:for:)``) and reports
/// an operation whose every request of a kind stayed busy. Both send this way.
public struct BusyBackoff: Sendable {
    /// Attempts after the first, at most.
    public static let maximumRetries = 3
    /// The longest wait before one attempt, whatever `Retry-After` asks.
    public static let longestWait: Duration = .seconds(4)
    /// The waits without `Retry-After`, one per retry.
    public static let defaultWaits: [Duration] = [.milliseconds(250), .milliseconds(500), .seconds(1)]
    /// The statuses that say "busy, try again later".
    public static let busyStatuses: Set<Int> = [429, 503]

    let transport: HTTPTransport

    /// Whether `response`, the last of the tries, still says "busy" where the operation does not
    /// declare that status: the server shed the load (a SQLite-backed server's locked database
    /// under its own background work) and said nothing about the request. Fuzzing does not judge
    /// such an answer; an operation that only ever answers so is reported.
    public static func stayedBusy(_ response: HTTPResponse, for endpoint: Endpoint) -> Bool {
        busyStatuses.contains(response.status) && !endpoint.declaresExactly(response.status)
    }

    public init(transport: HTTPTransport) { self.transport = transport }

    /// The answer to `request`, sent again while the server says it is busy, within the bounds;
    /// `canWait` is asked before each wait (a time budget that ran out stops the retries).
    public func perform(_ request: HTTPRequest, canWait: () -> Bool = { true }) async -> ExchangeOutcome {
        var outcome = await transport.perform(request)
        for attempt in 0..<Self.maximumRetries {
            guard case .success(let response) = outcome.result, Self.busyStatuses.contains(response.status),
                canWait(), !Task.isCancelled
            else { break }
            let wait = Self.wait(after: response, attempt: attempt)
            do { try await Task.sleep(for: wait) } catch { break }
            outcome = await transport.perform(request)
        }
        return outcome
    }

    /// How long to wait before retry `attempt` (from 0): what `Retry-After` asks, within
    /// ``longestWait``, else the default wait of that attempt.
    public static func wait(after response: HTTPResponse, attempt: Int, now: Date = Date()) -> Duration {
        let fallback = defaultWaits[min(attempt, defaultWaits.count - 1)]
        guard let text = response.header("Retry-After")?.trimmingCharacters(in: .whitespaces) else {
            return fallback
        }
        let seconds: Double
        if let delay = Int(text), delay >= 0 {
            seconds = Double(delay)
        } else if let date = httpDate(text) {
            seconds = max(0, date.timeIntervalSince(now))
        } else {
            return fallback
        }
        return min(.milliseconds(Int64(seconds * 1000)), longestWait)
    }

    /// An HTTP date (IMF-fixdate, RFC 9110 §5.6.7), the form `Retry-After` also takes.
    private static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text)
    }
}
