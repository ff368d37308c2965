import Foundation
import OpenAPIRuntime
import PetStoreServer

// pet-store-server [--port N] [--description FILE] [--fractional-dates]
// Serves the pet store until it is stopped, printing its origin on the first line.
var port = 0
var description: [UInt8]?
var configuration = Configuration()
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--port": port = arguments.popFirst().flatMap(Int.init) ?? 0
    case "--description":
        guard let path = arguments.popFirst(), let data = FileManager.default.contents(atPath: path) else {
            FileHandle.standardError.write(Data("error: --description needs a readable file\n".utf8))
            exit(2)
        }
        description = Array(data)
    case "--fractional-dates": configuration = Configuration(dateTranscoder: .iso8601WithFractionalSeconds)
    default:
        FileHandle.standardError.write(Data("error: unknown argument '\(argument)'\n".utf8))
        exit(2)
    }
}
let server = try PetStoreServer(configuration: configuration, description: description, port: port)
FileHandle.standardOutput.write(Data((server.origin + "\n").utf8))
while true { sleep(3600) }
