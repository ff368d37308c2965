/// Reads one request head (request line and header fields) from a connection with the shared
/// ``MessageReader``, under the server's strict rules, limits and timeouts.
struct HeadReader {
    enum Outcome {
        case head(RequestHead)
        /// The client closed, stayed idle too long, or the server is stopping: close quietly.
        case closed
        /// Answer with this status and close.
        case rejected(RequestRejection)
    }

    let stream: SocketStream
    let configuration: HTTPServer.Configuration
    let stop: StopSignal

    /// Reads the next head. `deadlineForFirstByte` is the head deadline of a fresh connection;
    /// a kept-alive connection (`nil`) instead waits `idleTimeout` for the first byte, and the
    /// head timeout starts once that byte has arrived.
    func read(deadlineForFirstByte: ContinuousClock.Instant?) -> Outcome {
        let instant = deadlineForFirstByte ?? .now + configuration.idleTimeout
        var reader = MessageReader(
            stream: stream, rules: configuration.framingRules,
            deadline: SocketDeadline(instant, stopDescriptor: stop.readDescriptor))
        let bytes: [UInt8]
        do throws(FramingFault) {
            bytes = try reader.readHead(
                firstByteGrace: deadlineForFirstByte == nil ? configuration.headerReadTimeout : nil)
        } catch .timedOut where stream.available > 0 {
            return .rejected(
                RequestRejection(
                    status: 408,
                    message: "the request head did not arrive within \(configuration.headerReadTimeout)"))
        } catch .timedOut {
            return .closed
        } catch {
            return RequestRejection(error, rules: configuration.framingRules).map { .rejected($0) } ?? .closed
        }
        do throws(RequestRejection) {
            return .head(try RequestHead(parsing: bytes[...]))
        } catch {
            return .rejected(error)
        }
    }
}
