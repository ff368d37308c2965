import ContractFuzz
import Foundation
import JSONSchema

/// What a model's `init(from:)` asks for, and where: the Swift type read at each place, the keys
/// read in each object, and the cases of its enums.
///
/// The decoder's errors say `Double` where the model reads a `Date`, and snapshots say `"open"`
/// without saying it is a case of `Status`. `ShapeProbe` learns both by running the current
/// model's `init(from:)` on made-up values, so messages can name the model's type and the
/// decoder's strategy, and the inferred schema can tell an enum from free text. Places are JSON
/// pointers in the model's key names, with `*` for every array index and dictionary key.
struct ModelShape: Codable, Sendable {
    /// How the model reads the value at a place.
    enum Kind: String, Codable, Sendable {
        case date, data, url, decimal, uuid, enumeration, dictionary, other
    }

    /// How a place is read: through a keyed, unkeyed or single-value container.
    enum Container: String, Codable, Sendable {
        case keyed, unkeyed, single
    }

    /// One place of the model.
    struct Place: Codable, Sendable {
        /// The Swift type read there (`Date`, `Status`, `Array<Todo>`).
        var type: String
        var kind: Kind
        /// The encoded cases (JSON texts) of a `CaseIterable` enum read there.
        var cases: [String]?
        /// The keys read in the object at this place, as the model names them.
        var keys: [String] = []
        var container: Container?
    }

    var places: [String: Place] = [:]
    /// The app's encoding of a value made up by the probe (what records a snapshot when the test
    /// gives no samples); nil when no value could be made.
    var sample: String?
    /// Why no value could be made: where, and the model's error.
    var problem: String?

    /// The place at `pattern`.
    func place(_ pattern: JSONPointer) -> Place? { places[pattern.description] }

    /// The pattern of the child `key` (model name) or index of the value at `pattern`.
    func child(of pattern: JSONPointer, key: String?) -> JSONPointer {
        let place = place(pattern)
        if key == nil || place?.kind == .dictionary || place?.container == .unkeyed {
            return pattern.appending("*")
        }
        return pattern.appending(key ?? "*")
    }

    /// The pattern of a decoder's coding path.
    func pattern(of path: [StoredFailure.Step]) -> JSONPointer {
        path.reduce(JSONPointer.root) { pattern, step in
            let unkeyed = place(pattern).map { $0.container == .unkeyed } ?? (step.index != nil)
            return child(of: pattern, key: unkeyed ? nil : step.key)
        }
    }

    /// The shape the probe reported in `outcome`; an empty shape when the probe crashed or hung
    /// (messages then go without the model's types).
    init(outcome: DecodeOutcome?) {
        guard case .decoded(let bytes?)? = outcome,
            let decoded = try? JSONDecoder().decode(ModelShape.self, from: Data(bytes))
        else {
            if let outcome { problem = ModelShape.describe(outcome) }
            return
        }
        self = decoded
    }

    init() {}

    private static func describe(_ outcome: DecodeOutcome) -> String? {
        switch outcome {
        case .decoded, .threw: return nil
        case .crashed(let status): return "the model crashed (\(status)) decoding made-up values"
        case .hung(let seconds): return "the model did not finish decoding made-up values within \(seconds) s"
        case .isolationFailed(let reason): return reason
        }
    }
}
