import ConformCLI
import Foundation

let code = await Conform.run(Array(CommandLine.arguments.dropFirst()))
exit(code.rawValue)
