import Foundation
import JSONSchema

/// The menu schemas the mutator tests start from: `Tests/Fixtures/menu-schemas.json`, which the
/// generator tests read too (test targets cannot share source files, so they share the document).
enum MenuFixture {
    static let menu: JSONValue = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/menu-schemas.json").standardized
        do {
            return try JSONParser.parse(Array(try Data(contentsOf: file)))
        } catch {
            fatalError("\(file.path): \(error)")
        }
    }()
}
