import ConformTestSupport
import Foundation

extension Golden {
    /// The rendered compat reports, in `Fixtures/Golden/`.
    static let compat = Golden(
        folder: PairCorpus.folder.appendingPathComponent("Golden"), target: "ContractCompatTests")
}
