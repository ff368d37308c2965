import ContractKit
import Foundation
import Testing

/// The shipped Restaurant contract, found from this file so tests run from any working directory.
func restaurantContract(sourceLocation: SourceLocation = #_sourceLocation) throws -> Contract {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    return try ContractLoader.load(file: root.appendingPathComponent("Contracts/restaurant.json").path)
}
