import ConformTestSupport
import Foundation
import Testing

@testable import JSONSchema

/// Bad input never crashes or hangs the YAML reader: mutated and truncated test-suite inputs (or a
/// built-in sample when the suite is absent) either read or fail with a positioned error.
@Suite struct YAMLRobustnessTests {
    static let alphabet = Array(" \t\n-?:,[]{}#&*!|>'\"%@`.~0a\\".utf8)

    static func samples() -> [[UInt8]] {
        let cases = YAMLTestSuiteTests.cases()
        if !cases.isEmpty { return cases.map(\.yaml) }
        return [
            "a: 1\nb:\n  - [x, {y: z}]\n  - |\n    text\n  - &a >-\n    folded\n  - *a\n",
            "'q' : \"d\\n\"\n---\n? k\n: v\n",
        ].map { Array($0.utf8) }
    }

    @Test("mutated and truncated inputs read or fail with a position, never crash")
    func mutations() {
        var generator = SplitMix64(state: 13)
        var attempts = 0
        var rejected = 0
        for sample in Self.samples() {
            for _ in 0..<20 {
                var bytes = sample
                for _ in 0...generator.below(3) {
                    guard !bytes.isEmpty else { break }
                    let index = generator.below(bytes.count)
                    switch generator.below(3) {
                    case 0: bytes[index] = Self.alphabet[generator.below(Self.alphabet.count)]
                    case 1: bytes.insert(Self.alphabet[generator.below(Self.alphabet.count)], at: index)
                    default: bytes.removeSubrange(index...)
                    }
                }
                attempts += 1
                do {
                    _ = try YAMLReader.parseStream(bytes, options: .init(recordsPositions: true))
                } catch {
                    rejected += 1
                    #expect(error.position.line >= 1 && error.position.offset <= bytes.count, "\(error)")
                }
            }
        }
        #expect(attempts > 0)
        #expect(rejected > 0)
    }
}
