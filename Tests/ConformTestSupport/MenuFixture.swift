import Foundation
package import JSONSchema

/// The menu schemas the generator and mutator tests start from: `Tests/Fixtures/menu-schemas.json`.
package enum MenuFixture {
    package static let menu: JSONValue = {
        let file = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/menu-schemas.json")
        do {
            return try JSONParser.parse(Array(try Data(contentsOf: file)))
        } catch {
            fatalError("\(file.path): \(error)")
        }
    }()
}
