import ConformHTTP
public import ContractKit
import Foundation

/// Joins the results of the shards of a CI matrix into the result of one run, so that one report
/// and one gate cover the whole contract.
public enum ResultsMerge {
    /// Merges shard results; see `mergeReporting(_:)` for the rules and the warnings it drops.
    public static func merge(_ results: [RunResult]) throws(MergeError) -> RunResult {
        try mergeReporting(results).result
    }

    /// Merges shard results and says what it had to decide.
    ///
    /// - Cases keep the order in which their ids first appear, shard by shard. A case id that
    ///   several shards ran (overlapping filters, a re-run shard) is kept once: silently when the
    ///   results are identical, otherwise the worst outcome (failed, then error, skipped, passed)
    ///   is kept, with a warning, so a merge can never hide a failure.
    /// - The run starts at the earliest start and lasts until the latest shard ended (for shards
    ///   that ran in parallel, the longest shard's wall time).
    /// - Coverage merges per endpoint: statuses seen anywhere count as seen. Operations the loader
    ///   skipped are listed once.
    /// - The shard field is cleared; seed and tool version are kept when all shards agree.
    /// - Throws: `MergeError.contractMismatch` when the contracts' names or versions differ.
    public static func mergeReporting(_ results: [RunResult]) throws(MergeError) -> MergedResults {
        guard let first = results.first else { throw .noResults }
        let expected = "\"\(first.contractName)\" \(first.contractVersion)"
        for (index, result) in results.enumerated()
        where result.contractName != first.contractName || result.contractVersion != first.contractVersion {
            throw .contractMismatch(
                index: index, expected: expected,
                found: "\"\(result.contractName)\" \(result.contractVersion)")
        }
        var warnings = shardWarnings(results)
        var merged = first
        merged.shard = nil
        merged.contractFile = results.lazy.compactMap(\.contractFile).first
        merged.interrupted = results.contains { $0.interrupted }
        merged.cases = mergeCases(results, warnings: &warnings)
        merged.coverage = mergeCoverage(results.map(\.coverage))
        var skipped = Set<String>()
        merged.skippedOperations = results.flatMap(\.skippedOperations).filter {
            skipped.insert($0.endpointID).inserted
        }
        let start = results.map(\.startedAt).min() ?? first.startedAt
        let end = results.map { $0.startedAt.addingTimeInterval($0.duration.seconds) }.max() ?? start
        merged.startedAt = start
        let longest = results.map(\.duration).max() ?? .zero
        merged.duration = max(longest, .milliseconds(Int64((end.timeIntervalSince(start) * 1000).rounded())))
        if Set(results.map(\.baseURL)).count > 1 {
            warnings.append("the shards ran against different base URLs; the report shows \(first.baseURL)")
        }
        if Set(results.map(\.toolVersion)).count > 1 {
            warnings.append(
                "the shards ran different Conform versions: \(Set(results.map(\.toolVersion)).sorted())")
        }
        if Set(results.map(\.seed)).count > 1 {
            merged.seed = nil
            warnings.append("the shards used different seeds; the merged run has none")
        }
        return MergedResults(result: merged, warnings: warnings)
    }

    /// Worse outcomes rank higher: a merge keeps the worst.
    static func severity(_ outcome: CaseResult.Outcome) -> Int {
        switch outcome {
        case .passed: return 0
        case .skipped: return 1
        case .error: return 2
        case .failed: return 3
        }
    }

    private static func mergeCases(_ results: [RunResult], warnings: inout [String]) -> [CaseResult] {
        var cases: [CaseResult] = []
        var position: [String: Int] = [:]
        var sources: [String: [Int]] = [:]
        for (shard, result) in results.enumerated() {
            for item in result.cases {
                sources[item.id, default: []].append(shard + 1)
                guard let index = position[item.id] else {
                    position[item.id] = cases.count
                    cases.append(item)
                    continue
                }
                let kept = cases[index]
                guard kept != item else { continue }
                let keep = severity(item.outcome) > severity(kept.outcome) ? item : kept
                let shards = (sources[item.id] ?? []).map(String.init).joined(separator: ", ")
                warnings.append(
                    "case \(item.id) ran in results \(shards) with different results (\(kept.outcome.rawValue), "
                        + "\(item.outcome.rawValue)); kept \(keep.outcome.rawValue)")
                cases[index] = keep
            }
        }
        return cases
    }

    private static func mergeCoverage(_ lists: [[EndpointCoverage]]) -> [EndpointCoverage] {
        var merged: [EndpointCoverage] = []
        var position: [String: Int] = [:]
        for list in lists {
            for entry in list {
                guard let index = position[entry.endpointID] else {
                    position[entry.endpointID] = merged.count
                    merged.append(entry)
                    continue
                }
                var current = merged[index]
                let newlyDeclared = entry.declared.filter { !current.declared.contains($0) }
                current.declared += newlyDeclared
                current.seen = Array(Set(current.seen).union(entry.seen)).sorted()
                // A status stays unexercised only while no shard that declares it exercised it.
                current.unexercised =
                    current.unexercised.filter {
                        entry.unexercised.contains($0) || !entry.declared.contains($0)
                    }
                    + entry.unexercised.filter { newlyDeclared.contains($0) }
                merged[index] = current
            }
        }
        return merged
    }

    /// Warns when shard labels (`i/n`) show a shard missing, repeated or counted differently.
    private static func shardWarnings(_ results: [RunResult]) -> [String] {
        let labels = results.compactMap(\.shard)
        guard !labels.isEmpty else { return [] }
        var indices: [Int] = []
        var totals: Set<Int> = []
        for label in labels {
            let parts = label.split(separator: "/")
            guard parts.count == 2, let index = Int(parts[0]), let total = Int(parts[1]) else { continue }
            indices.append(index)
            totals.insert(total)
        }
        var warnings: [String] = []
        if totals.count > 1 { warnings.append("the shards disagree on the shard count: \(totals.sorted())") }
        if let total = totals.max() {
            let missing = Set(1...max(1, total)).subtracting(indices).sorted()
            if !missing.isEmpty {
                warnings.append(
                    "shard\(missing.count == 1 ? "" : "s") \(missing.map(String.init).joined(separator: ", ")) of \(total) missing"
                )
            }
        }
        let repeated = Dictionary(grouping: indices, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        if !repeated.isEmpty {
            warnings.append(
                "shard\(repeated.count == 1 ? "" : "s") \(repeated.map(String.init).joined(separator: ", ")) given more than once"
            )
        }
        return warnings
    }
}
