import Foundation

/// The app's own `JSONDecoder` and `JSONEncoder`, carried into `@Sendable` harness closures.
///
/// Foundation's coders lock their options internally and are `Sendable` on current platforms,
/// but not declared so on every toolchain this package supports; the stored-data check never
/// changes their options after it is given them.
struct StoredCoders: @unchecked Sendable {
    let decoder: JSONDecoder
    let encoder: JSONEncoder
}
