import ConformHTTP
import ConformTestSupport
import ContractKit
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The built `conform` binary against hostile servers, as a CI job runs it: exit codes, reports
/// written and valid, no secret in any file or stream, no raw control character on the terminal.
@Suite("conform against hostile servers", .serialized)
struct SafeExchangeEndToEndTests {
    static var binary: URL? {
        let folder = Bundle.main.bundleURL.deletingLastPathComponent()
        let candidates = [
            folder.appendingPathComponent("conform"), Bundle.main.bundleURL.appendingPathComponent("conform"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// One 64 KiB chunk of an endless chunked body, built once.
    static let endlessChunk =
        Array("10000\r\n".utf8) + [UInt8](repeating: 0x7A, count: 0x10000) + Array("\r\n".utf8)

    static let bearer = "s3cr3t-bearer-token-AAA111"
    static let apiKey = "key-BBB-999-do-not-leak"
    static let cookie = "session=cookie-CCC-777"

    struct Run {
        var code: Int32
        var out: [UInt8]
        var err: [UInt8]
        var reports: URL
        var elapsed: Duration
        /// Peak resident memory of the child, when run under `/usr/bin/time -v`.
        var peakKiB: Int?

        var text: String { String(decoding: out + err, as: UTF8.self) }
    }

    /// Runs `conform <arguments> --reports-dir <fresh folder>` and collects everything it wrote.
    /// The child process is waited for on a thread of its own, never on Swift's cooperative pool
    /// (blocking it would stall every other suite's async tests and their deadlines).
    static func conform(_ arguments: [String], measuringMemory: Bool = false) async throws -> Run {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(
                    with: Result { try blockingConform(arguments, measuringMemory: measuringMemory) })
            }
            thread.start()
        }
    }

    private static func blockingConform(_ arguments: [String], measuringMemory: Bool) throws -> Run {
        let reports = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-hostile-\(UUID().uuidString)")
        let process = Process()
        let binary = try #require(Self.binary)
        var all = arguments + ["--reports-dir", reports.path]
        if measuringMemory {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
            all = ["-v", binary.path] + all
        } else {
            process.executableURL = binary
        }
        process.arguments = all
        process.currentDirectoryURL = packageRoot
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let start = ContinuousClock.now
        try process.run()
        let errData = Locked(Data())
        let reader = Thread { errData.withLock { $0 = err.fileHandleForReading.readDataToEndOfFile() } }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !reader.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        var errBytes = Array(errData.current)
        var peak: Int?
        if measuringMemory {
            let text = String(decoding: errBytes, as: UTF8.self)
            if let line = text.split(separator: "\n").first(where: {
                $0.contains("Maximum resident set size")
            }) {
                peak = line.split(separator: ":").last.flatMap {
                    Int($0.trimmingCharacters(in: .whitespaces))
                }
            }
            if let range = text.range(of: "\tCommand being timed") {
                errBytes = Array(text[..<range.lowerBound].utf8)
            }
        }
        return Run(
            code: process.terminationStatus, out: Array(outData), err: errBytes, reports: reports,
            elapsed: .now - start, peakKiB: peak)
    }

    /// Every report file, and that JSON and XML ones parse.
    static func reportFiles(_ folder: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> [URL]
    {
        let files =
            (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL])
            ?? []
        let regular = files.filter { !$0.hasDirectoryPath }
        #expect(
            regular.count >= 3, "reports written: \(regular.map(\.lastPathComponent))",
            sourceLocation: sourceLocation)
        for file in regular {
            let data = try Data(contentsOf: file)
            if file.pathExtension == "json" {
                #expect(
                    (try? JSONSerialization.jsonObject(with: data)) != nil,
                    "\(file.lastPathComponent) is valid JSON", sourceLocation: sourceLocation)
            }
            if file.pathExtension == "xml" {
                #expect(
                    XMLParser(data: data).parse(), "\(file.lastPathComponent) is valid XML",
                    sourceLocation: sourceLocation)
            }
        }
        return regular
    }

    static func occurrences(of secret: String, in bytes: [UInt8]) -> Int {
        let needle = Array(secret.utf8)
        guard bytes.count >= needle.count else { return 0 }
        var count = 0
        for index in 0...(bytes.count - needle.count) where bytes[index] == needle[0] {
            if bytes[index..<index + needle.count].elementsEqual(needle) { count += 1 }
        }
        return count
    }

    @Test("echoed secrets and control characters never reach any output", .enabled(if: binary != nil))
    func echoedSecrets() async throws {
        let server = try HostileServer { request, connection in
            let echoed = request.headers.map { "\($0.name): \($0.value)" }.joined(separator: " | ")
            let body =
                "{\"categories\": [{\"\\u001b]0;pwned\\u0007\\u001b[31m\\u0000key\": \"\(request.header("X-Api-Key") ?? "")\"}], \"echo\": \"\(echoed.replacingOccurrences(of: "\"", with: "'"))\"}"
            connection.write(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Echo-Auth: \(request.header("Authorization") ?? "")\r\nX-Echo-Key: \(request.header("X-Api-Key") ?? "")\r\nSet-Cookie: \(Self.cookie)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            )
        }
        defer { server.stop() }
        let samples = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-samples-\(UUID().uuidString)")
        let run = try await Self.conform([
            "run", "Contracts/restaurant.json", "--base-url", server.baseURL, "--only", "listCategories",
            "--header", "Authorization: Bearer \(Self.bearer)", "--header", "X-Api-Key: \(Self.apiKey)",
            "--redact", "X-Api-Key", "--record", samples.path, "--timeout", "5",
        ])
        #expect(run.code == 1, "\(run.text)")
        #expect(
            server.requests.first?.header("X-Api-Key") == Self.apiKey, "the secret was sent to the server")
        let files = try Self.reportFiles(run.reports) + (try Self.reportFiles(samples, minimum: 1))
        for secret in [Self.bearer, Self.apiKey, "cookie-CCC-777"] {
            #expect(Self.occurrences(of: secret, in: run.out) == 0, "stdout leaks \(secret)")
            #expect(Self.occurrences(of: secret, in: run.err) == 0, "stderr leaks \(secret)")
            for file in files {
                let bytes = Array(try Data(contentsOf: file))
                #expect(
                    Self.occurrences(of: secret, in: bytes) == 0, "\(file.lastPathComponent) leaks \(secret)")
            }
        }
        for control: UInt8 in [0x1B, 0x07, 0x00] {
            #expect(
                !run.out.contains(control) && !run.err.contains(control),
                "raw control byte \(control) printed")
        }
    }

    @Test(
        "an auth challenge and a dripping body end within --timeout; the run reports",
        .enabled(if: binary != nil))
    func deadlines() async throws {
        let challenge = try HostileServer { _, connection in
            connection.write(
                "HTTP/1.1 401 No\r\nWWW-Authenticate: Basic realm=\"x\"\r\nContent-Length: 0\r\n\r\n")
        }
        defer { challenge.stop() }
        let drip = try HostileServer { _, connection in
            guard
                connection.write(
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n")
            else { return }
            for _ in 0..<100 {
                Thread.sleep(forTimeInterval: 0.2)
                guard connection.write("x") else { return }
            }
        }
        defer { drip.stop() }
        for (server, expected) in [(challenge, "401"), (drip, "no complete response within 1 s")] {
            let run = try await Self.conform([
                "run", "Contracts/restaurant.json", "--base-url", server.baseURL, "--only", "listCategories",
                "--timeout", "1",
            ])
            #expect(run.code == 1, "\(run.text)")
            #expect(run.text.contains(expected), "\(run.text)")
            // One case bounded by 1 s (+1 s allowed by the issue), with room for a loaded machine.
            #expect(run.elapsed < .seconds(8), "took \(run.elapsed)")
            _ = try Self.reportFiles(run.reports)
        }
    }

    @Test("fuzz reproducers are redacted too", .enabled(if: binary != nil))
    func fuzzRedaction() async throws {
        let server = try HostileServer { request, connection in
            let body = "{\"error\": \"bad key \(request.header("X-Api-Key") ?? "")\"}"
            connection.write(
                "HTTP/1.1 500 Oops\r\nContent-Type: application/json\r\nX-Echo-Key: \(request.header("X-Api-Key") ?? "")\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            )
        }
        defer { server.stop() }
        let run = try await Self.conform([
            "fuzz", "Contracts/restaurant.json", "--base-url", server.baseURL, "--only", "placeOrder",
            "--cases", "3", "--header", "X-Api-Key: \(Self.apiKey)", "--redact", "X-Api-Key",
            "--header", "Authorization: Bearer \(Self.bearer)", "--timeout", "5",
        ])
        #expect(run.code == 1, "\(run.text)")
        #expect(run.text.contains("reproduce") || run.text.contains("curl"), "\(run.text)")
        for secret in [Self.bearer, Self.apiKey] {
            #expect(Self.occurrences(of: secret, in: run.out + run.err) == 0, "output leaks \(secret)")
            for file in try Self.reportFiles(run.reports) {
                #expect(
                    Self.occurrences(of: secret, in: Array(try Data(contentsOf: file))) == 0,
                    "\(file.lastPathComponent) leaks \(secret)")
            }
        }
    }

    @Test("a cross-origin redirect is a finding and nothing is sent there", .enabled(if: binary != nil))
    func crossOriginRedirect() async throws {
        let elsewhere = try HostileServer { _, connection in
            connection.write(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 18\r\n\r\n{\"categories\": []}"
            )
        }
        defer { elsewhere.stop() }
        let other = "http://localhost:\(elsewhere.port)/categories"
        let server = try HostileServer { _, connection in
            connection.write("HTTP/1.1 302 Found\r\nLocation: \(other)\r\nContent-Length: 0\r\n\r\n")
        }
        defer { server.stop() }
        for follow in [false, true] {
            let run = try await Self.conform(
                [
                    "run", "Contracts/restaurant.json", "--base-url", server.baseURL, "--only",
                    "listCategories",
                    "--header", "Authorization: Bearer \(Self.bearer)", "--timeout", "5",
                ] + (follow ? ["--follow-redirects"] : []))
            #expect(run.code == 1, "\(run.text)")
            #expect(run.text.contains(follow ? "another origin" : "302"), "\(run.text)")
            _ = try Self.reportFiles(run.reports)
        }
        #expect(elsewhere.requests.isEmpty, "a request reached the other origin")
    }

    /// 8 MB is enough to prove the cut (a whole copy would be over the 3 MiB bound below) while a
    /// debug build parses it in seconds; the 60 MB figure of the issue is measured in release
    /// (docs/http-exchanges.md).
    @Test("a large body (8 MB) that passes leaves a small results file", .enabled(if: binary != nil))
    func largeBody() async throws {
        let body =
            Array("{\"categories\": [\"".utf8) + [UInt8](repeating: 0x61, count: 8_000_000)
            + Array("\"]}".utf8)
        let response =
            Array(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
                    .utf8) + body
        let server = try HostileServer { _, connection in connection.write(response) }
        defer { server.stop() }
        let run = try await Self.conform([
            "run", "Contracts/restaurant.json", "--base-url", server.baseURL, "--only", "listCategories",
            "--timeout", "30",
        ])
        let files = try Self.reportFiles(run.reports)
        for file in files {
            let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
            #expect(size < 3 * 1_048_576, "\(file.lastPathComponent) is \(size) bytes")
        }
    }

    @Test(
        "an endless body is cut at --max-body with bounded memory, a named finding and reports",
        .enabled(if: binary != nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/time")))
    func endlessBody() async throws {
        let server = try HostileServer { _, connection in
            guard
                connection.write(
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
            else { return }
            while connection.write(Self.endlessChunk) {}
        }
        defer { server.stop() }
        let run = try await Self.conform(
            [
                "run", "Contracts/restaurant.json", "--base-url", server.baseURL, "--only", "listCategories",
                "--timeout", "60",
            ], measuringMemory: true)
        #expect(run.code == 1, "\(run.text)")
        #expect(run.text.contains("response_size"), "\(run.text)")
        _ = try Self.reportFiles(run.reports)
        let peak = try #require(run.peakKiB)
        print("endless body: peak RSS \(peak / 1024) MiB with the default 64 MiB limit")
        #expect(peak < (HTTPTransport.defaultMaximumBodyBytes + 100 * 1_048_576) / 1024, "peak \(peak) KiB")
    }
}

extension SafeExchangeEndToEndTests {
    static func reportFiles(_ folder: URL, minimum: Int) throws -> [URL] {
        let files =
            (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL])
            ?? []
        let regular = files.filter { !$0.hasDirectoryPath }
        #expect(regular.count >= minimum)
        return regular
    }
}
