import Foundation

/// Where a command writes: results to standard output, messages to standard error, through
/// closures so tests capture both without a process.
public struct Console: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void
    /// Writes to standard error without a line break: the live progress line on a terminal.
    public var errInline: @Sendable (String) -> Void
    /// Whether standard error is a terminal (live progress, colour).
    public var isTerminal: Bool
    /// Whether to colour output: only on a terminal, and never when `NO_COLOR` is set.
    public var usesColor: Bool

    public init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
        errInline: (@Sendable (String) -> Void)? = nil, isTerminal: Bool = false, usesColor: Bool = false
    ) {
        self.out = out
        self.err = err
        self.errInline = errInline ?? err
        self.isTerminal = isTerminal
        self.usesColor = usesColor
    }

    /// The process's real standard output and error. A closed pipe (`conform run | head`) ends the
    /// output quietly instead of killing the process with SIGPIPE.
    public static var standard: Console {
        signal(SIGPIPE, SIG_IGN)
        let terminal = isatty(STDERR_FILENO) == 1
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return Console(
            out: { text in try? FileHandle.standardOutput.write(contentsOf: Data((text + "\n").utf8)) },
            err: { text in try? FileHandle.standardError.write(contentsOf: Data((text + "\n").utf8)) },
            errInline: { text in try? FileHandle.standardError.write(contentsOf: Data(text.utf8)) },
            isTerminal: terminal, usesColor: terminal && !noColor)
    }

    /// `text` in a colour when colour is on.
    public func styled(_ text: String, _ style: Style) -> String {
        usesColor ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    public enum Style: String, Sendable {
        case red = "31"
        case green = "32"
        case yellow = "33"
        case bold = "1"
        case dim = "2"
    }
}
