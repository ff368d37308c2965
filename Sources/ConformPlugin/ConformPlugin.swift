import Foundation
import PackagePlugin

/// `swift package conform <command> …`: runs the `conform` tool on the package it is invoked in,
/// so a Swift team checks its API from its own package without `--package-path ../conform`.
///
/// Every argument is passed to `conform` unchanged (`swift package conform run Contracts/x.json
/// --base-url …`), in the package's own folder, so contract paths and `Reports/` are the
/// package's. The tool's output goes where SwiftPM shows a plugin's output, and a command that
/// fails (a failed check, a usage error, an unreachable server) fails `swift package` too.
@main
struct ConformPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "conform")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw ToolFailure(
                arguments: arguments, status: process.terminationStatus,
                signalled: process.terminationReason == .uncaughtSignal)
        }
    }
}

/// `conform` ended with a non-zero exit code (its meaning is in `conform help <command>`).
struct ToolFailure: Error, CustomStringConvertible {
    var arguments: [String]
    var status: Int32
    var signalled: Bool

    var description: String {
        let command = (["conform"] + arguments.prefix(1)).joined(separator: " ")
        if signalled { return "\(command) was stopped by signal \(status)" }
        return
            "\(command) exited with code \(status) (see 'swift package conform help \(arguments.first ?? "")')"
    }
}
