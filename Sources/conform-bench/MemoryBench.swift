import ContractKit
import Foundation
import JSONSchema

/// Peak resident memory while parsing and validating one large response body (`validate(json:)`:
/// the body's bytes, its tape and the validator's state).
///
/// Measured in a child process (this executable re-launched with `--memory-child`), because the
/// high-water mark of the bench process would include every earlier phase. The figure is the growth
/// of `VmHWM` over the child's resident size before the body exists, divided by the body size.
struct MemoryBench {
    let bodyBytes: Int
    /// `menu`, or the name of a `CorpusDocument` (made `bodyBytes` long as the race makes it).
    var document = "menu"
    /// Whether the ≤ 2× target applies (not for the deeply nested document: see `CorpusDocument`).
    var hasTarget = true

    func run() throws -> [BenchRow] {
        let pipe = Pipe()
        let (_, status) = try ProcessTimer.run(
            ProcessTimer.ownExecutable,
            ["--memory-child", String(bodyBytes), "--memory-document", document],
            output: pipe.fileHandleForWriting)
        try pipe.fileHandleForWriting.close()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let fields = output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard status == 0, fields.count == 3 else {
            throw BenchFailure("memory probe failed (status \(status)): \(output)")
        }
        let (baseline, peak, body) = (fields[0], fields[1], fields[2])
        let ratio = (peak - baseline) / body
        let name =
            document == "menu"
            ? "parse + validate a \(Figure.megabytes(body)) MenuResponse body (child process)"
            : "validate(json:) of \(document) at \(Figure.megabytes(body)) (child process)"
        return [
            BenchRow(
                area: document == "menu" ? "Memory" : "Corpus", name: name,
                measured: "peak +\(Figure.megabytes(peak - baseline)) (VmHWM \(Figure.megabytes(peak)))",
                baseline: "body \(Figure.megabytes(body))", ratio: Figure.times(ratio),
                target: hasTarget ? "≤ 2.00× body" : "–",
                met: hasTarget ? ratio <= 2 : nil)
        ]
    }

    /// The child side: prints `baselineBytes peakBytes bodyBytes` after parsing and validating.
    static func probe(bytes: Int, document: String, contractPath: String) throws {
        let schema: Schema
        let make: () -> [UInt8]
        if document == "menu" {
            let contract = try JSONParser.parse(
                Array(try Data(contentsOf: URL(fileURLWithPath: contractPath))))
            schema = try Schema(
                document: contract, at: JSONPointer(tokens: ["schemas", "MenuResponse"]),
                baseURI: URL(fileURLWithPath: contractPath).absoluteString)
            make = { MenuFixture.menu(bytes: bytes) }
        } else {
            let documents = CorpusDocument.all(bytes: 0).documents
            guard let chosen = documents.first(where: { $0.name == document }) else {
                throw BenchFailure("no document named \(document)")
            }
            schema = try Schema(
                try JSONParser.parse(chosen.large(0).schema), options: SchemaOptions(assertsFormats: true))
            make = { chosen.large(bytes).bytes }
        }
        let baseline = statusField("VmRSS")
        let body = make()
        guard try schema.validate(json: body).isValid else {
            throw BenchFailure("the memory probe's body is invalid")
        }
        let peak = statusField("VmHWM")
        print(baseline, peak, body.count)
    }

    /// The growth of a child's peak memory while it holds the JSON file at `path` as a response
    /// body and checks it against `schema` as `run`, `fuzz` and `proxy` do (`ParsedJSONBody`).
    func responseBody(_ path: String, schema: String) throws -> (growth: Double, body: Double) {
        let pipe = Pipe()
        let (_, status) = try ProcessTimer.run(
            ProcessTimer.ownExecutable, ["--response-memory-child", path, schema],
            output: pipe.fileHandleForWriting)
        try pipe.fileHandleForWriting.close()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let fields = output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard status == 0, fields.count == 3 else {
            throw BenchFailure("response memory probe failed (status \(status)): \(output)")
        }
        return (fields[1] - fields[0], fields[2])
    }

    /// The child side of `responseBody`: prints `baselineBytes peakBytes bodyBytes`.
    static func responseProbe(document path: String, schema schemaPath: String) throws {
        let schema = try Schema(
            try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: schemaPath)))),
            options: SchemaOptions(assertsFormats: true))
        let baseline = statusField("VmRSS")
        guard let body = readBody(path) else { throw BenchFailure("cannot read \(path)") }
        let parsed = ParsedJSONBody(bytes: body)
        guard parsed.isValid(by: schema) == true, parsed.duplicateKeys.isEmpty else {
            throw BenchFailure("the response memory probe's body is invalid")
        }
        let peak = statusField("VmHWM")
        print(baseline, peak, body.count)
    }

    /// The file's bytes read straight into one array, as a response body arrives (no second copy).
    private static func readBody(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        fseek(file, 0, SEEK_END)
        let size = ftell(file)
        fseek(file, 0, SEEK_SET)
        guard size > 0 else { return nil }
        var read = 0
        let body = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            read = fread(buffer.baseAddress, 1, size, file)
            count = read
        }
        return read == size ? body : nil
    }

    /// A `kB` field of `/proc/self/status`, in bytes.
    private static func statusField(_ name: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            let number = line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { Int($0) }
            return (number ?? 0) * 1024
        }
        return 0
    }
}
