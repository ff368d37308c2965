extension MessageReader {
    /// A body read under a limit it may exceed: whole, or its first bytes and a pump for the rest.
    package enum BoundedBody {
        case whole(Body)
        /// Larger than the limit: the bytes read so far (all of them up to the limit, or the first
        /// piece of a body whose declared length is already over it) and the pump that reads on.
        case overflow(head: [UInt8], rest: BodyPump)
    }

    /// How many bytes a pump hands over at a time: large enough for few system calls, small
    /// enough that a proxy's memory does not follow the body.
    package static let pieceBytes = 64 * 1024

    /// Reads a body framed by `framing` whole while it stays within `limit` bytes; past it, returns
    /// what was read and a ``BodyPump`` for the rest instead of failing, so a proxy can stream an
    /// oversized body through.
    package func readBody(_ framing: BodyFraming, overflowingAt limit: Int) throws(FramingFault)
        -> BoundedBody
    {
        switch framing {
        case .empty:
            return .whole(Body())
        case .length(let length) where length <= limit:
            var rules = rules
            rules.maximumBodyBytes = max(rules.maximumBodyBytes, length)
            return .whole(
                try MessageReader(stream: stream, rules: rules, deadline: deadline).readBody(framing))
        case .length(let length):
            let pump = BodyPump(reader: self, framing: framing)
            return .overflow(head: try pump.next(maximum: min(length, Self.pieceBytes)) ?? [], rest: pump)
        case .chunked, .untilClose:
            let pump = BodyPump(reader: self, framing: framing)
            var bytes: [UInt8] = []
            while let piece = try pump.next(maximum: Self.pieceBytes) {
                bytes += piece
                if bytes.count > limit { return .overflow(head: bytes, rest: pump) }
            }
            return .whole(Body(bytes: bytes, trailers: pump.trailers))
        }
    }
}
