extension HTTPResponse {
    /// This response with its gzip or deflate content coding undone, as checks read it (the body a
    /// proxy passes on stays coded); unchanged when it names no coding Conform decodes.
    ///
    /// - Parameter limit: The most decoded bytes accepted, so a compression bomb stays bounded.
    /// - Throws: `bodyTooLarge` past the limit, `undecodableBody` for a corrupt body.
    public func decodingContent(limit: Int) throws(TransportError) -> HTTPResponse {
        var copy = self
        copy.body = try HTTPClient.decoded(body, headers: headers, limit: limit)
        return copy
    }
}
