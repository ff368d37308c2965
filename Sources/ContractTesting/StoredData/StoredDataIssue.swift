public import JSONSchema

/// One problem with stored data: a snapshot the current model cannot load, data it loses on
/// the way back, or a recording to review.
///
/// Its text names the file, the JSON pointer with the file's own key names, and what is wrong:
///
/// ```
/// `Snapshots/TodoGroup/v1.json`: /todos/0/dueDate: expected a number (the model decodes `Date` as seconds since 2001), found a string ("2024-05-01T10:00:00Z")
/// ```
public struct StoredDataIssue: Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Kind: String, Sendable, CaseIterable {
        /// The snapshot no longer decodes with the current model.
        case doesNotLoad
        /// Decoding it crashed the model (isolated in a child process).
        case crash
        /// Decoding it did not finish in time (isolated in a child process).
        case hang
        /// The snapshot loads, but a value is dropped or changed when the model writes it back.
        case loss
        /// The model's current encoding was recorded: review and commit the file, then re-run.
        case recorded
        /// The model no longer writes the format its own version recorded.
        case formatChanged
        /// Nothing could be checked: no snapshots, a file that is not JSON, a bad version name,
        /// no value to record, or a child process that did not start.
        case cannotCheck
    }

    public var kind: Kind
    /// The snapshot file (or the folder), as the test named it.
    public var file: String
    /// Where in the file, with the file's key names.
    public var pointer: JSONPointer
    /// What is wrong, in words.
    public var message: String

    init(file: String, pointer: JSONPointer = .root, problem: StoredProblem) {
        self.file = file
        self.pointer = pointer
        message = problem.message
        kind = Self.kind(of: problem)
    }

    /// `` `file`: /pointer: message ``.
    public var description: String { "`\(file)`: \(pointer.displayText): \(message)" }

    private static func kind(of problem: StoredProblem) -> Kind {
        switch problem {
        case .crashed: return .crash
        case .hung: return .hang
        case .dropped, .changed, .itemsDropped: return .loss
        case .recorded: return .recorded
        case .formatChanged: return .formatChanged
        case .notJSON, .noSnapshots, .cannotRecord, .badVersion, .isolationFailed: return .cannotCheck
        case .unexpected, .null, .missingKey, .unreachableKey, .unknownCase, .rejected, .threw,
            .encodingFailed:
            return .doesNotLoad
        }
    }
}
