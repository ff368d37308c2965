import ContractKit
import Foundation
import JSONSchema

/// Compares two loaded descriptions: pairs their operations by method and path shape (placeholder
/// names may differ), reports those removed and added, compares each pair, and turns the loader's
/// errors into warnings on the parts they concern.
struct ContractComparator {
    let old: LoadedDescription
    let new: LoadedDescription
    let clients: CompatClients

    /// Every change found, operation by operation (a change in a shared schema once for each
    /// operation it reaches), in the order of the new description's operations.
    func changes() -> [CompatChange] {
        var schemas = SchemaDiff(old: old.contract.document, new: new.contract.document)
        var changes: [CompatChange] = []
        let pairs = Self.pairs(old.contract.endpoints, new.contract.endpoints)
        let newShapes = Set(new.contract.endpoints.map(\.path.shape))
        for (index, endpoint) in old.contract.endpoints.enumerated() where pairs[index] == nil {
            changes += removal(of: endpoint, pathIsGone: !newShapes.contains(endpoint.path.shape))
        }
        let matched = Dictionary(pairs.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        var places = ChangeSink.Places()
        for (index, endpoint) in new.contract.endpoints.enumerated() {
            var sink = ChangeSink(
                old: old, new: new, operation: Self.operation(endpoint), clients: clients, places: places)
            // The sink holds the only copy while it works, so its additions are not copied.
            places = ChangeSink.Places()
            defer { places = sink.places }
            if let oldIndex = matched[index] {
                let comparator = OperationComparator(
                    old: old.contract.endpoints[oldIndex], new: endpoint, oldContract: old.contract,
                    newContract: new.contract)
                comparator.compare(into: &sink, schemas: &schemas)
            } else {
                sink.add(
                    "endpoint-added", "the operation is new; old clients do not call it", old: nil,
                    new: endpoint.pointer)
            }
            changes += sink.changes
        }
        return changes + problemChanges()
    }

    /// Old endpoint index → new endpoint index, for operations with the same method and path shape.
    static func pairs(_ old: [Endpoint], _ new: [Endpoint]) -> [Int: Int] {
        var available: [String: [Int]] = [:]
        for (index, endpoint) in new.enumerated() { available[key(endpoint), default: []].append(index) }
        var pairs: [Int: Int] = [:]
        for (index, endpoint) in old.enumerated() {
            guard var candidates = available[key(endpoint)], !candidates.isEmpty else { continue }
            pairs[index] = candidates.removeFirst()
            available[key(endpoint)] = candidates
        }
        return pairs
    }

    private static func key(_ endpoint: Endpoint) -> String { endpoint.method + " " + endpoint.path.shape }

    static func operation(_ endpoint: Endpoint) -> CompatOperation {
        CompatOperation(id: endpoint.id, method: endpoint.method, path: endpoint.path.template)
    }

    private func removal(of endpoint: Endpoint, pathIsGone: Bool) -> [CompatChange] {
        var sink = ChangeSink(old: old, new: new, operation: Self.operation(endpoint), clients: clients)
        if let problem = defect(hiding: endpoint) {
            let change = CompatChange(
                rule: "description-part-unreadable", level: .warning, direction: .operation,
                operation: Self.operation(endpoint),
                message:
                    "the new description has a defect where this operation stood, so it is not compared (not reported removed): \(problem.message)",
                location: SourceLocator.Location(
                    file: problem.file, pointer: problem.pointer, position: problem.position),
                side: .new)
            return [change]
        }
        let deprecated = OperationComparator.isDeprecated(endpoint, in: old)
        let prefix = "api\(pathIsGone ? "-path" : "")-removed"
        let removed = "the operation was removed\(pathIsGone ? " with its path" : "")"
        if deprecated, let sunset = Sunset(of: endpoint, in: old), sunset.isAfter(Date()) {
            sink.add(
                prefix + "-before-sunset",
                "\(removed) before its sunset date \(sunset.day); old clients were promised it until then, and their calls fail",
                old: endpoint.pointer, new: nil)
            return sink.changes
        }
        let effect =
            deprecated
            ? "it was deprecated, but old clients that still call it fail" : "old clients that call it fail"
        sink.add(
            prefix + "-with\(deprecated ? "" : "out")-deprecation", "\(removed); \(effect)",
            old: endpoint.pointer, new: nil)
        return sink.changes
    }

    /// A problem the loader reported in the new description at the place of an operation the old
    /// one has (its path item, or the operation itself): the loader skipped a part it could not
    /// read, so the operation is missing because of a defect, not because it was removed.
    private func defect(hiding endpoint: Endpoint) -> ContractProblem? {
        let place = old.location(of: endpoint.pointer).pointer.tokens
        guard place.count == 3, place[0] == "paths" else { return nil }
        return new.problems.first { problem in
            let tokens = problem.pointer.tokens
            guard problem.file == new.source, tokens.count >= 2, tokens[0] == "paths", tokens[1] == place[1]
            else {
                return false
            }
            return tokens.count == 2 || tokens[2] == "$ref" || tokens[2] == place[2]
        }
    }

    /// The loader's errors in either file (a broken `$ref`, a malformed part), each a warning at its
    /// place: the comparison goes on with what could be read. An error the old file shares with the
    /// new one is reported once.
    private func problemChanges() -> [CompatChange] {
        let newErrors = new.problems.filter { $0.severity == .error }
        let oldErrors = old.problems.filter { problem in
            problem.severity == .error
                && !newErrors.contains { $0.message == problem.message && $0.pointer == problem.pointer }
        }
        let sides: [(CompatChange.Side, [ContractProblem])] = [(.old, oldErrors), (.new, newErrors)]
        return sides.flatMap { side, problems in
            problems.map { problem in
                CompatChange(
                    rule: "description-part-unreadable", level: .warning, direction: .operation,
                    operation: nil,
                    message:
                        "the \(side.rawValue) description has an error here, so this part is compared as far as it could be read: \(problem.message)",
                    location: SourceLocator.Location(
                        file: problem.file, pointer: problem.pointer, position: problem.position),
                    side: side)
            }
        }
    }

    /// Errors, then warnings, then info; within a level, the order they were found in.
    static func ordered(_ changes: [CompatChange]) -> [CompatChange] {
        CompatLevel.allCases.sorted().flatMap { level in changes.filter { $0.level == level } }
    }
}
