import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process started with `posix_spawn`, holding no descriptor in the parent.
///
/// Foundation's `Process` keeps a socket pair and a run-loop source open for as long as the child
/// lives; a fuzz run keeps its child for seconds, and tests that count the process's open
/// descriptors (leak checks) would see them. Here the child gets `/dev/null` for its standard
/// streams and none of the parent's other descriptors, and the parent polls it with `waitpid`.
struct ChildProcess {
    let pid: pid_t

    /// Why the child could not be started.
    struct SpawnError: Error, CustomStringConvertible {
        var code: Int32
        var description: String { "posix_spawn failed: \(String(cString: strerror(code)))" }
    }

    /// Starts `executable` with `arguments` and exactly `environment`.
    init(executable: String, arguments: [String], environment: [String: String]) throws(SpawnError) {
        #if os(Linux)
            var actions = posix_spawn_file_actions_t()
        #else
            var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        #if os(Linux)
            Self.closeDescriptors(from: 3, in: &actions)
            var attributes = posix_spawnattr_t()
        #else
            var attributes: posix_spawnattr_t?
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        #if canImport(Darwin)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT))
        #endif
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard code == 0 else { throw SpawnError(code: code) }
        self.pid = pid
    }

    #if os(Linux)
        private typealias CloseFrom =
            @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) ->
            Int32

        /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34+), looked up at run time because
        /// the Glibc module does not export it; without it, only close-on-exec descriptors close.
        private static func closeDescriptors(from lowest: Int32, in actions: inout posix_spawn_file_actions_t)
        {
            guard
                let symbol = dlsym(
                    UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
            else { return }
            let closeFrom = unsafeBitCast(symbol, to: CloseFrom.self)
            _ = closeFrom(&actions, lowest)
        }
    #endif

    /// The exit status as words (`exit status 3`, `signal 4`) once the child has ended; nil while
    /// it runs. Reaps the child.
    func poll() -> String? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return result < 0 ? "no longer a child" : nil }
        let signal = status & 0x7f
        return signal == 0 ? "exit status \((status >> 8) & 0xff)" : "signal \(signal)"
    }

    /// Kills the child and reaps it.
    func terminate() {
        _ = kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
    }
}
