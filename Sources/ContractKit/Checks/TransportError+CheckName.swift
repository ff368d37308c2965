public import ConformHTTP

extension TransportError {
    /// The check a finding about this error belongs to: an oversized body is its own finding
    /// (`response_size`), every other failure means the server gave no usable response.
    public var check: CheckName {
        if case .bodyTooLarge = self { return .responseSize }
        return .notAServerError
    }
}
