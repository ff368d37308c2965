import Foundation

/// One started period of a server, from `start()` to `shutdown()`.
struct ServerRun: Sendable {
    let port: Int
    let stop: StopSignal
    let acceptLoopFinished = DispatchSemaphore(value: 0)
}
