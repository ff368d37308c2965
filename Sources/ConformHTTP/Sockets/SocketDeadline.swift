/// When a wait on a socket must end, for the client and the server alike: at an instant, as soon as
/// a server starts to stop (its stop pipe becomes readable), or soon after the task that owns the
/// exchange is cancelled.
///
/// Every read and write of ``SocketStream`` waits through one of these, so no `poll(2)` can outlive
/// the deadline its caller set: the client's one deadline per exchange, the server's head, body and
/// idle timeouts.
package struct SocketDeadline: Sendable {
    /// The moment the wait gives up.
    package var instant: ContinuousClock.Instant
    /// A descriptor that becomes readable when the server stops; waits on it end as `stopped`.
    package var stopDescriptor: Int32?
    /// Whether the owner gave up; checked before each wait and every ``cancellationSlice``.
    package var isCancelled: (@Sendable () -> Bool)?

    /// How often a cancellable wait wakes to look at `isCancelled`.
    package static let cancellationSlice: Int32 = 100

    package init(
        _ instant: ContinuousClock.Instant, stopDescriptor: Int32? = nil,
        isCancelled: (@Sendable () -> Bool)? = nil
    ) {
        self.instant = instant
        self.stopDescriptor = stopDescriptor
        self.isCancelled = isCancelled
    }

    /// Whether the deadline has passed.
    package var hasPassed: Bool { ContinuousClock.now >= instant }

    /// Whether the owner cancelled the wait.
    package var wasCancelled: Bool { isCancelled?() ?? false }

    /// Milliseconds for one `poll(2)`: what is left (at least 1 while time remains), in slices when
    /// the wait can be cancelled.
    package var pollMilliseconds: Int32 {
        let left = SocketPlatform.pollTimeout(until: instant)
        return isCancelled == nil ? left : min(left, Self.cancellationSlice)
    }
}
