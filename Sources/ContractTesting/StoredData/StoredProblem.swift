import ConformHTTP
import JSONSchema

/// What is wrong with one snapshot, as data: what a model could not load, what it lost on the
/// way back, or what recording found. `StoredDataIssue` renders it, in one place.
enum StoredProblem: Error, Equatable {
    /// The file holds `found` where the model expects `expected`; `note` says what the model
    /// reads there (`the model decodes `Date` as seconds since 2001`).
    case unexpected(expected: String, note: String?, found: JSONValue?)
    /// The file holds null where the model's property is not optional.
    case null(expected: String, note: String?)
    /// The model requires a key the object lacks; `unread` are the object's keys the model does
    /// not read (a rename leaves the old one there).
    case missingKey(String, unread: [String])
    /// The model reads a key its decoder's key strategy never produces: the file's `wire` key
    /// (as the encoder spells the model's name) is read as `readAs`.
    case unreachableKey(String, wire: String, readAs: String)
    /// The file holds `value`, which is not a case of the model's enum `type`.
    case unknownCase(String, type: String, known: [String])
    /// The decoder or the model rejected `found` for another reason, in the decoder's words.
    case rejected(String, found: JSONValue?)
    /// The model's `init(from:)` threw an error of its own.
    case threw(String)
    /// The value loaded, but the app's encoder could not write it again.
    case encodingFailed(String)
    case crashed(status: String)
    case hung(seconds: Double)
    case isolationFailed(String)
    /// The value loads, but the key is not written back.
    case dropped(JSONValue)
    /// The value loads, but is written back as another value.
    case changed(from: JSONValue, to: JSONValue, enumType: String?)
    /// A list loads, but fewer items are written back.
    case itemsDropped(before: Int, after: Int)
    case notJSON(String)
    case noSnapshots
    /// The model's current encoding was written to the file.
    case recorded(typeName: String, again: Bool)
    /// The model no longer writes what its own version's file recorded.
    case formatChanged(recorded: JSONValue?, now: JSONValue?, version: String, next: String)
    case cannotRecord(typeName: String, reason: String)
    case badVersion(String)
}

extension StoredProblem {
    /// The sentence people read, after the file and the pointer.
    var message: String { loadingMessage ?? roundTripMessage ?? recordingMessage ?? "" }

    private var loadingMessage: String? {
        switch self {
        case .unexpected(let expected, let note, let found):
            return "expected \(expected)\(Self.parenthesized(note)), found \(Self.describe(found))"
        case .null(let expected, let note):
            return
                "expected \(expected)\(Self.parenthesized(note)), found null (the property is not optional)"
        case .missingKey(let key, let unread):
            let hint =
                unread.isEmpty
                ? ""
                : "; the object has \(Self.quoted(unread)), which the model no longer reads (renamed? read the old key too)"
            return
                "the key \"\(key)\" is missing, and the model requires it (make the property optional, or give it a default in init(from:))"
                + hint
        case .unreachableKey(let model, let wire, let readAs):
            return
                "the model reads the key \"\(model)\", which the decoder's key strategy never produces: it reads the "
                + "file's \"\(wire)\" as \"\(readAs)\" (name it \"\(readAs)\" in CodingKeys)"
        case .unknownCase(let value, let type, let known):
            let cases = known.isEmpty ? "" : "; the model knows \(known.joined(separator: ", "))"
            return
                "\"\(value)\" is not a case of `\(type)` (renamed or removed?)\(cases); data already stored keeps the old value, so keep decoding it"
        case .rejected(let reason, let found):
            return "the model rejects \(Self.describe(found)): \(reason)"
        case .threw(let detail):
            return "the model's init(from:) threw: \(detail)"
        case .encodingFailed(let detail):
            return "loads, but encoding the value again failed: \(detail)"
        case .crashed(let status):
            return
                "decoding crashed the model (\(status)): a trap in its init(from:) on data an old version stored"
        case .hung(let seconds):
            return
                "decoding did not finish within \(Self.seconds(seconds)) s (a loop in the model's init(from:))"
        case .isolationFailed(let reason):
            return "not decoded in the crash-isolation child: \(reason)"
        default:
            return nil
        }
    }

    private var roundTripMessage: String? {
        let lost = "lost on the round trip: "
        switch self {
        case .dropped(let value):
            return lost
                + "the model loads this key but does not write it back (it held \(Self.clipped(value)))"
        case .changed(let from, let to, let enumType):
            let cause = enumType.map { " (`\($0)` maps a value it does not know to a default)" } ?? ""
            return lost + "\(Self.clipped(from)) is written back as \(Self.clipped(to))\(cause)"
        case .itemsDropped(let before, let after):
            return lost
                + "\(before) items are written back as \(after) (the model drops items it cannot read)"
        default:
            return nil
        }
    }

    private var recordingMessage: String? {
        switch self {
        case .notJSON(let detail):
            return "not JSON: \(detail)"
        case .noSnapshots:
            return "no snapshots (no .json file); pass version: and samples: to record the current format"
        case .recorded(let typeName, let again):
            return (again ? "re-recorded (CONFORM_RECORD=1), re-run without it" : "recorded, re-run")
                + ": this is \(typeName)'s current encoding; review the file and commit it"
        case .formatChanged(let recorded, let now, let version, let next):
            let was = recorded.map(Self.clipped) ?? "nothing"
            let isNow = now.map(Self.clipped) ?? "nothing"
            return
                "the model no longer writes what \(version) recorded (\(was), now \(isNow)); a new format is a new app "
                + "version: record it with version: \"\(next)\" and keep this file, or re-record \(version) with "
                + "CONFORM_RECORD=1 if it never shipped"
        case .cannotRecord(let typeName, let reason):
            return "cannot record \(typeName): \(reason); pass samples: with values of the current model"
        case .badVersion(let version):
            return "version \"\(version)\" cannot name a snapshot file: use a plain name such as v2"
        default:
            return nil
        }
    }

    private static func parenthesized(_ note: String?) -> String { note.map { " (\($0))" } ?? "" }

    private static func quoted(_ keys: [String]) -> String {
        keys.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// A value found in a file, in words: `a string ("May 1")`, `the number 3`.
    static func describe(_ value: JSONValue?) -> String {
        switch value {
        case nil: return "nothing"
        case .string?: return "a string (\(clipped(value ?? .null)))"
        case .number(let number)?: return "the number \(number)"
        case .bool(let flag)?: return flag ? "true" : "false"
        case .null?: return "null"
        case .array(let elements)?:
            return "an array (\(elements.count) item\(elements.count == 1 ? "" : "s"))"
        case .object?: return "an object"
        }
    }

    /// Compact JSON, cut at 80 characters.
    static func clipped(_ value: JSONValue) -> String {
        let text = JSONSerializer().string(value)
        return text.count > 80 ? text.prefix(77) + "…" : text
    }
}
