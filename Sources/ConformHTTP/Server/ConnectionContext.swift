/// Everything a connection thread needs from its server, immutable and shareable.
struct ConnectionContext: Sendable {
    let configuration: HTTPServer.Configuration
    let handler: @Sendable (HTTPServer.Incoming) -> HTTPServer.Reply
    let logger: (@Sendable (String) -> Void)?
    let stop: StopSignal
    let registry: ConnectionRegistry
}
