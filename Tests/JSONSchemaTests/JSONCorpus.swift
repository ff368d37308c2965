import Foundation
import Testing

/// One document of a JSON reading corpus and what a reader must do with it.
struct JSONCorpusCase: Sendable, CustomTestStringConvertible {
    /// What the file name's prefix demands.
    enum Expectation: Sendable, Equatable {
        /// `y_` (and `i_accept_`): accept.
        case accept
        /// `n_` (and `i_reject_`): reject.
        case reject
        /// `i_bom_`: accept exactly when one leading UTF-8 byte order mark is skipped.
        case acceptAfterByteOrderMark
        /// `i_` of another corpus: either, as long as every reader agrees and nothing crashes.
        case either
    }

    var name: String
    var bytes: [UInt8]
    var expectation: Expectation

    var testDescription: String { name }

    /// Whether a reader that does (or does not) skip a byte order mark must accept the case, or
    /// nil when either answer is allowed.
    func mustAccept(skippingByteOrderMark: Bool) -> Bool? {
        switch expectation {
        case .accept: return true
        case .reject: return false
        case .acceptAfterByteOrderMark: return skippingByteOrderMark
        case .either: return nil
        }
    }

    static func expectation(of name: String) -> Expectation {
        if name.hasPrefix("y_") || name.hasPrefix("i_accept_") { return .accept }
        if name.hasPrefix("n_") || name.hasPrefix("i_reject_") { return .reject }
        if name.hasPrefix("i_bom_") { return .acceptAfterByteOrderMark }
        return .either
    }
}

/// Conform's own corpus (Tests/JSONSchemaTests/Fixtures/json-corpus, made by
/// scripts/make-json-corpus.py), and an external one when one is installed.
enum JSONCorpus {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/json-corpus")

    /// Every `.json` file of `folder`, sorted by name; empty when the folder is absent.
    static func cases(in folder: URL) -> [JSONCorpusCase] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().compactMap { file in
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path)
            else { return nil }
            let name = String(file.dropLast(5))
            return JSONCorpusCase(
                name: name, bytes: Array(data), expectation: JSONCorpusCase.expectation(of: name))
        }
    }

    static let own: [JSONCorpusCase] = cases(in: folder)
}

/// Runs `body` on a new thread with a 512 KiB stack (what Dispatch and Swift Testing's workers
/// get) and waits for it: deep input must be an error, never a stack overflow, there too.
func onSmallStack(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    done.wait()
}
