import Foundation

/// The pieces of a body URLSession delivers after the first bytes of an oversized response, held
/// until a ``BodyStream`` reader takes them. The queue stays small: past ``highWater`` bytes it asks
/// its producer to pause (the task is suspended) and below ``lowWater`` to go on, so a fast server
/// and a slow reader never pile a body up in memory.
final class BodyQueue: @unchecked Sendable {
    static let highWater = 4 * 1_048_576
    static let lowWater = 1_048_576

    private let condition = NSCondition()
    private var pieces: [[UInt8]] = []
    private var queued = 0
    private var isComplete = false
    private var failure: TransportError?
    private var isPaused = false
    /// Called (outside the lock) when the queue wants the producer to pause or to go on.
    private let pause: @Sendable (Bool) -> Void
    private let onCancel: @Sendable () -> Void

    init(pause: @escaping @Sendable (Bool) -> Void, onCancel: @escaping @Sendable () -> Void) {
        self.pause = pause
        self.onCancel = onCancel
    }

    /// Adds bytes from the producer.
    func push(_ bytes: [UInt8]) {
        condition.lock()
        pieces.append(bytes)
        queued += bytes.count
        let shouldPause = !isPaused && queued > Self.highWater
        if shouldPause { isPaused = true }
        condition.signal()
        condition.unlock()
        if shouldPause { pause(true) }
    }

    /// Ends the body: complete, or broken off with `error`.
    func finish(_ error: TransportError? = nil) {
        condition.lock()
        isComplete = true
        failure = error
        condition.broadcast()
        condition.unlock()
    }

    /// The next piece, waiting up to `idleTimeout` for one; nil once the body is complete.
    func pop(idleTimeout: Duration) throws(TransportError) -> [UInt8]? {
        let started = ContinuousClock.now
        let giveUp = Date().addingTimeInterval(idleTimeout.seconds)
        condition.lock()
        while pieces.isEmpty && !isComplete {
            if !condition.wait(until: giveUp) && pieces.isEmpty && !isComplete {
                condition.unlock()
                throw .timedOut(seconds: idleTimeout.seconds, elapsed: .now - started)
            }
        }
        if pieces.isEmpty {
            let failure = failure
            condition.unlock()
            if let failure { throw failure }
            return nil
        }
        let piece = pieces.removeFirst()
        queued -= piece.count
        let shouldResume = isPaused && queued < Self.lowWater
        if shouldResume { isPaused = false }
        condition.unlock()
        if shouldResume { pause(false) }
        return piece
    }

    /// The reader gave up: the producer stops.
    func cancel() {
        finish()
        onCancel()
    }
}
