import ContractKit
import ContractMock
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Requests per second of the replay engine, every check on, against a bare URLSession loop that
/// sends the same requests to the same in-process mock and checks nothing.
///
/// Both sides share the server and the loopback network, so the ratio isolates what Conform adds:
/// request building, response checks, schema validation and result bookkeeping.
struct ReplayBench {
    let contract: Contract
    let repetitions: Int

    func run() async throws -> [BenchRow] {
        let mock = ContractMock(contract: contract)
        let baseURL = try mock.start()
        defer { mock.shutdown() }
        let urls = ReplayFixture.urls(of: contract, baseURL: baseURL)
        var rows: [BenchRow] = []
        for concurrency in [1, 16] {
            let replayer = Replayer(
                contract: contract,
                configuration: Replayer.Configuration(baseURL: baseURL, concurrency: concurrency))
            let session = Self.bareSession()
            // One untimed round each, so connection set-up and schema compilation are not measured.
            let warm = await replayer.run()
            let failed = warm.cases.filter { $0.outcome != .passed }
            if let first = failed.first {
                throw BenchFailure("replay warm-up: \(failed.count) cases did not pass, first \(first.id)")
            }
            try await Self.bareLoop(urls, session: session, concurrency: concurrency)
            var timing = PairedTiming()
            for _ in 0..<repetitions {
                timing.subject.append(await Stopwatch.time { _ = await replayer.run() })
                timing.baseline.append(
                    try await Stopwatch.time {
                        try await Self.bareLoop(urls, session: session, concurrency: concurrency)
                    })
            }
            session.finishTasksAndInvalidate()
            let ours = Double(urls.count) / timing.subjectSeconds
            let bare = Double(urls.count) / timing.baselineSeconds
            let ratio = timing.speedup
            rows.append(
                BenchRow(
                    area: "Replay", name: "\(urls.count) cases, concurrency \(concurrency), all checks",
                    measured: Figure.perSecond(ours, "req"),
                    baseline: "bare URLSession \(Figure.perSecond(bare, "req"))",
                    ratio: Figure.times(ratio), target: "≥ 0.90×", met: ratio >= 0.9))
        }
        return rows
    }

    /// A session configured like `HTTPTransport`'s, so the comparison is like for like.
    static func bareSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpMaximumConnectionsPerHost = 64
        return URLSession(configuration: configuration)
    }

    /// Sends a GET to every URL with `concurrency` in flight, and only checks that a body came back.
    static func bareLoop(_ urls: [URL], session: URLSession, concurrency: Int) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            var pending = urls.makeIterator()
            func send(_ url: URL) async throws {
                var request = URLRequest(url: url)
                request.setValue("application/json", forHTTPHeaderField: "Accept")
                let (data, _) = try await session.data(for: request)
                if data.isEmpty { throw BenchFailure("empty body from \(url)") }
            }
            for _ in 0..<concurrency {
                guard let url = pending.next() else { break }
                group.addTask { try await send(url) }
            }
            while try await group.next() != nil {
                if let url = pending.next() { group.addTask { try await send(url) } }
            }
        }
    }
}
