import Foundation

/// Threads for work that blocks in `poll(2)`: reused between exchanges (creating a thread per
/// request cost a third of a sequential replay's time), and grown on demand so that a job never
/// waits for a free thread — each exchange's deadline starts when it is submitted.
///
/// Blocking work must stay off Swift's cooperative pool and Dispatch's width-limited global queues,
/// which on a 2-core machine would serialize concurrent chains.
final class BlockingWorkers: @unchecked Sendable {
    static let shared = BlockingWorkers()

    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    /// Threads inside the wait loop; each will take one job.
    private var waiting = 0

    /// Runs `job` on a worker thread, starting one if the waiting ones are all spoken for.
    func run(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        let spawn = jobs.count > waiting
        condition.signal()
        condition.unlock()
        if spawn {
            let thread = Thread { [self] in work() }
            thread.stackSize = 512 * 1024
            thread.start()
        }
    }

    private func work() {
        condition.lock()
        while true {
            waiting += 1
            while jobs.isEmpty { condition.wait() }
            waiting -= 1
            let job = jobs.removeFirst()
            condition.unlock()
            job()
            condition.lock()
        }
    }
}
