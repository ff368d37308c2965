import ContractCompat
import Foundation
import Testing

/// The corpus of version pairs: each pair's breaking/not-breaking verdict, the rule it names, its
/// level, and the place the change is reported at.
@Suite("Version pairs")
struct PairCorpusTests {
    @Test("the corpus has over a hundred pairs, breaking and not, in both directions")
    func corpusSize() {
        let cases = PairCorpus.cases
        #expect(cases.count >= 100)
        #expect(cases.filter(\.breaking).count >= 40)
        #expect(cases.filter { !$0.breaking }.count >= 40)
        #expect(cases.contains { $0.rule?.hasPrefix("request-") == true })
        #expect(cases.contains { $0.rule?.hasPrefix("response-") == true })
    }

    @Test("each pair gets its verdict and names its rule at its place", arguments: PairCorpus.cases)
    func pair(_ pair: PairCase) throws {
        let report = try PairCorpus.report(pair)
        let listing = CompatText.render(report)
        let breaking = report.changes.contains { $0.level == .error }
        #expect(breaking == pair.breaking, "verdict:\n\(listing)")
        guard let rule = pair.rule else {
            #expect(report.changes.isEmpty, "expected no change:\n\(listing)")
            return
        }
        for other in pair.also {
            #expect(report.changes.contains { $0.rule == other }, "\(other) missing:\n\(listing)")
        }
        let named = report.changes.filter { $0.rule == rule }
        guard
            let change = named.first(where: {
                pair.pointer == nil || $0.location.pointer.description == pair.pointer
            }) ?? named.first
        else {
            Issue.record("\(rule) missing:\n\(listing)")
            return
        }
        if let level = pair.level { #expect(change.level.rawValue == level, "\(listing)") }
        if let side = pair.side { #expect(change.side.rawValue == side, "\(listing)") }
        if let pointer = pair.pointer {
            #expect(change.location.pointer.description == pointer, "\(listing)")
        }
        if let file = pair.file { #expect(change.location.file?.hasSuffix(file) == true, "\(listing)") }
        if let position = pair.position {
            #expect(change.location.position.map { "\($0.line):\($0.column)" } == position, "\(listing)")
        }
        if let text = pair.message {
            #expect((change.message + " " + (change.codableEffect ?? "")).contains(text), "\(listing)")
        }
    }
}
