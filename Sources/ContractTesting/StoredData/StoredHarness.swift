import ContractFuzz
import Foundation
import JSONSchema

/// The `ModelHarness` that loads snapshots: decodes with the app's decoder, encodes again with
/// its encoder, and sends failures as `StoredFailure` data; it also answers the shape probe.
///
/// Going through a harness is what lets `CrashIsolation` run snapshots in its child process, the
/// same way the Codable fuzzer runs payloads: a model that traps or hangs on old data becomes
/// an issue instead of the end of the test run.
enum StoredHarness {
    /// The request that asks for the model's shape instead of decoding a snapshot; no JSON
    /// document starts with a NUL byte.
    static let probeRequest: [UInt8] = [0] + Array("conform stored-data shape probe".utf8)

    /// The harness of `Model` with the app's coders.
    static func make<Model: Codable>(_ type: Model.Type, coders: StoredCoders) -> ModelHarness {
        ModelHarness(
            typeName: String(describing: type), qualifiedName: String(reflecting: type),
            identity: identity(of: type), encodes: true
        ) { bytes in
            if bytes == probeRequest { return .decoded(reencoded: ShapeProbe.run(type, coders: coders)) }
            let model: Model
            do {
                model = try coders.decoder.decode(Model.self, from: Data(bytes))
            } catch {
                let failure = StoredFailure(decoding: error)
                return .threw(pointer: pointer(failure.path), message: failure.encoded)
            }
            do {
                return .decoded(reencoded: Array(try coders.encoder.encode(model)))
            } catch {
                let failure = StoredFailure(encoding: error)
                return .threw(pointer: pointer(failure.path), message: failure.encoded)
            }
        }
    }

    /// What `CrashIsolation` knows the harness by: the model's mangled name, apart from the
    /// fuzzer's round-trip harness of the same model.
    static func identity<Model>(of type: Model.Type) -> String {
        ModelHarness.identity(of: type, encodes: true) + " (stored data)"
    }

    private static func pointer(_ path: [StoredFailure.Step]) -> JSONPointer {
        JSONPointer(tokens: path.map { $0.index.map(String.init) ?? $0.key })
    }
}
