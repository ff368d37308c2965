/// The one deadline of an exchange (connect, send, headers and the whole body), plus the flag that
/// a cancelled task sets, so every wait of the client ends at the first of the two.
final class ExchangeDeadline: Sendable {
    let start: ContinuousClock.Instant
    let timeout: Duration
    private let cancelled = Locked(false)

    init(timeout: Duration, start: ContinuousClock.Instant = .now) {
        self.start = start
        self.timeout = timeout
    }

    var instant: ContinuousClock.Instant { start + timeout }
    var elapsed: Duration { .now - start }

    /// When the exchange's last step ended, marked where it ends (a URLSession callback, our own
    /// deadline's queue), not when the task awaiting it runs again: on a busy cooperative pool that
    /// can be seconds later, and the wait is not the server's.
    private let ended = Locked<ContinuousClock.Instant?>(nil)

    func markEnded() { ended.withLock { $0 = .now } }

    /// The exchange's own duration: up to its marked end, else up to now (the socket path measures
    /// on the worker thread that ran it, so it needs no mark).
    var measured: Duration { (ended.current ?? .now) - start }

    func cancel() { cancelled.withLock { $0 = true } }
    var isCancelled: Bool { cancelled.current }

    /// Throws `timedOut` (with the real elapsed time) once the deadline has passed, or
    /// `cancelled` once the run was interrupted.
    func check() throws(TransportError) {
        if isCancelled { throw .cancelled }
        if ContinuousClock.now >= instant { throw timedOutError }
    }

    /// The error of an exchange that ran out of time, with the time it really took.
    var timedOutError: TransportError { .timedOut(seconds: timeout.seconds, elapsed: elapsed) }

    /// The same bounds for the socket layer: this deadline, and this flag checked between waits.
    var socketDeadline: SocketDeadline {
        SocketDeadline(instant) { [cancelled] in cancelled.current }
    }
}
