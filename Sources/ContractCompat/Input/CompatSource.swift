import Foundation

/// Where a description comes from: a file, or a file at a git revision (`main:Contracts/restaurant.json`),
/// so CI compares a branch with its base in one line.
public enum CompatSource: Sendable, Hashable, CustomStringConvertible {
    case file(String)
    /// `git show <revision>:<path>`, the path from the repository's root (or from the current
    /// folder when it starts with `./` or `../`, as git reads it).
    case git(revision: String, path: String)

    /// Reads an argument: an existing file is a file; else `REV:path` is a git revision; anything
    /// else is a file (which will be reported missing).
    public init(_ argument: String) {
        self.init(argument, fileExists: { FileManager.default.fileExists(atPath: $0) })
    }

    init(_ argument: String, fileExists: (String) -> Bool) {
        guard !fileExists(argument), let colon = argument.firstIndex(of: ":"), colon != argument.startIndex
        else {
            self = .file(argument)
            return
        }
        let path = String(argument[argument.index(after: colon)...])
        guard !path.isEmpty, !argument.hasPrefix("/") else {
            self = .file(argument)
            return
        }
        self = .git(revision: String(argument[..<colon]), path: path)
    }

    /// The argument as the user wrote it.
    public var description: String {
        switch self {
        case .file(let path): return path
        case .git(let revision, let path): return "\(revision):\(path)"
        }
    }
}

/// Why a description cannot be compared at all: the file or revision cannot be read, or what it
/// holds cannot be parsed into a contract. Rendered in one place, `description`, in the shape of
/// the other commands' errors: the loader's problems as `file:line:column: error: …`, then one
/// `error:` line.
public enum CompatInputError: Error, Sendable, CustomStringConvertible {
    /// The loader found no contract in it, or none with an operation: every problem it reported.
    case unreadable(source: String, problems: [String])
    /// `git show` failed: the revision or the path does not exist, or git is missing.
    case git(source: String, message: String)

    public var description: String {
        switch self {
        case .unreadable(let source, let problems):
            return
                (problems + ["error: \(source) cannot be compared: it holds no description Conform can read"])
                .joined(separator: "\n")
        case .git(let source, let message):
            return "error: \(source): cannot read it from git: \(message)"
        }
    }
}
