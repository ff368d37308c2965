public import Foundation
import JSONSchema

/// Real response bodies recorded from a server, decoded with the app's models on every test run.
///
/// Generated payloads show what the contract allows; recorded ones show what the server actually
/// sends. A model change that stops decoding a recorded payload breaks the app on real data, so
/// each such sample is a `regression` finding. Samples are laid out as `conform run --record DIR`
/// writes them, `DIR/<endpointId>/<status>-<example>.json`; a contract's own corpus lives in
/// `Contracts/<contract-stem>/samples/`.
///
/// ```swift
/// let corpus = SampleCorpus(directories: [SampleCorpus.directory(forContract: "Contracts/restaurant.json")])
/// #expect(corpus.check(MenuResponse.self, endpoint: "listMenu").passed)
/// ```
public struct SampleCorpus: Sendable {
    /// One recorded body.
    public struct Sample: Sendable {
        public var endpointID: String
        /// The status from the file name (`200-whole-menu.json`), when it starts with one.
        public var status: Int?
        public var path: String
        public var bytes: [UInt8]

        public init(endpointID: String, status: Int?, path: String, bytes: [UInt8]) {
            self.endpointID = endpointID
            self.status = status
            self.path = path
            self.bytes = bytes
        }
    }

    /// Every sample found, sorted by path so runs are stable.
    public let samples: [Sample]

    /// Reads every `*.json` file one level below each directory's endpoint folders; directories
    /// that do not exist contribute nothing (a project without recordings yet).
    public init(directories: [URL]) {
        var found: [Sample] = []
        let files = FileManager.default
        for directory in directories {
            let endpoints = (try? files.contentsOfDirectory(atPath: directory.path)) ?? []
            for endpoint in endpoints {
                let folder = directory.appendingPathComponent(endpoint)
                for name in (try? files.contentsOfDirectory(atPath: folder.path)) ?? []
                where name.hasSuffix(".json") {
                    let path = folder.appendingPathComponent(name).path
                    guard let data = files.contents(atPath: path) else { continue }
                    let status = Int(name.prefix { $0.isNumber })
                    found.append(Sample(endpointID: endpoint, status: status, path: path, bytes: Array(data)))
                }
            }
        }
        samples = found.sorted { $0.path < $1.path }
    }

    /// `Contracts/restaurant.json` → `Contracts/restaurant/samples`.
    public static func directory(forContract contractFile: String) -> URL {
        let url = URL(fileURLWithPath: contractFile)
        return url.deletingLastPathComponent()
            .appendingPathComponent(url.deletingPathExtension().lastPathComponent)
            .appendingPathComponent("samples")
    }

    /// The samples of `endpoint` with `status` (any 2xx when nil).
    public func samples(endpoint: String, status: Int? = nil) -> [Sample] {
        samples.filter { sample in
            guard sample.endpointID == endpoint else { return false }
            guard let status else { return sample.status.map { (200..<300).contains($0) } ?? true }
            return sample.status == status
        }
    }

    /// Decodes every sample of `endpoint` with `Model`; each one that fails is a regression.
    public func check<Model: Decodable>(
        _ type: Model.Type, endpoint: String, status: Int? = nil, decoder: JSONDecoder = JSONDecoder()
    ) -> FuzzReport {
        check(.decoding(type, decoder: decoder), endpoint: endpoint, status: status)
    }

    /// Decodes every sample of `endpoint` with a harness.
    public func check(_ harness: ModelHarness, endpoint: String, status: Int? = nil) -> FuzzReport {
        let chosen = samples(endpoint: endpoint, status: status)
        var findings: [CodableFinding] = []
        for (index, sample) in chosen.enumerated() {
            guard case .threw(var pointer, var message) = harness.run(sample.bytes) else { continue }
            if pointer.isRoot, let value = try? JSONParser.parse(sample.bytes),
                let (located, fix) = FaultLocator.locate(in: value, runner: .inProcess(harness))
            {
                pointer = located
                message +=
                    " (the decoder gave no coding path; with \(JSONSerializer().string(fix)) at \(located.displayText) the sample decodes)"
            }
            let name = "\(sample.endpointID)/\(URL(fileURLWithPath: sample.path).lastPathComponent)"
            findings.append(
                CodableFinding(
                    kind: .regression, typeName: harness.typeName, payload: sample.path,
                    originalPayload: sample.path, pointer: pointer,
                    message:
                        "\(harness.typeName) no longer decodes the recorded sample \(name): decoding failed at \(pointer.displayText): \(message)",
                    seed: 0, caseIndex: index, isFailure: true))
        }
        return FuzzReport(typeName: harness.typeName, findings: findings, casesRun: chosen.count, seed: 0)
    }
}
