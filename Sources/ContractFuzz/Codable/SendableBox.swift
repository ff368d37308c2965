/// Carries a configured coder, or a closure over one, into a `@Sendable` closure. Foundation's
/// `JSONDecoder` and `JSONEncoder` lock their options internally and are `Sendable` on current
/// platforms, but not declared so on every toolchain this package supports; the fuzzer never
/// changes their options, and the wrapped closures capture nothing else that is mutable.
struct SendableBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
