public import JSONSchema

/// The one way every command gets a value a schema accepts: generate, check with the caller's
/// validator (the contract's, which knows formats and options the generator's checker may read
/// differently), and retry with fresh randomness a fixed number of times.
extension InstanceGenerator {
    /// Candidates tried for one valid instance before giving up.
    public static let validInstanceAttempts = 12

    /// A generated instance that `accepts` approves, or nil after ``validInstanceAttempts`` tries.
    /// Candidate `n` comes from `SeededRandom(seed: seed, deriving: "\(key)#\(n)")`, so the same
    /// seed and key always give the same value whatever else was generated before.
    public func validInstance(
        for schema: JSONValue, seed: UInt64, key: String, accepts: (JSONValue) -> Bool
    ) -> JSONValue? {
        for attempt in 0..<Self.validInstanceAttempts {
            var random = SeededRandom(seed: seed, deriving: "\(key)#\(attempt)")
            if let value = try? instance(for: schema, using: &random), accepts(value) { return value }
        }
        return nil
    }

    /// A generated instance that `accepts` approves, drawn from `random` (which moves on, so the
    /// next call gives another value), or nil after ``validInstanceAttempts`` tries.
    public func validInstance(
        for schema: JSONValue, using random: inout SeededRandom, accepts: (JSONValue) -> Bool
    ) -> JSONValue? {
        for _ in 0..<Self.validInstanceAttempts {
            guard let value = try? instance(for: schema, using: &random) else { return nil }
            if accepts(value) { return value }
        }
        return nil
    }
}
