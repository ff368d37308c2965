import Dispatch
import Foundation

/// Turns Ctrl-C and SIGTERM into a call, so a run can stop between cases and still write its
/// reports, and the mock can shut down cleanly.
///
/// `@unchecked Sendable`: the dispatch sources are created in `init` and only cancelled afterwards;
/// Dispatch serialises their handlers itself.
final class SignalTrap: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]

    init(_ handler: @escaping @Sendable (Int32) -> Void) {
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            sources.append(source)
        }
        self.sources = sources
    }

    func cancel() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
