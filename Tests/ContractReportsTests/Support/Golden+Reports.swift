import ConformTestSupport
import Foundation

extension Golden {
    /// The rendered reports, in `Golden/` beside this target's tests.
    static let reports = Golden(
        folder: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Golden"),
        target: "ContractReportsTests")
}
