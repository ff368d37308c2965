import Testing

@testable import ContractKit

/// Contracts written in YAML load like JSON ones, and their problems point into the YAML.
@Suite struct YAMLContractLoadingTests {
    static let contract = """
        # A contract in YAML
        conform: 1
        name: Shop
        version: "1.0.0"
        endpoints:
          - id: listMenu
            method: GET
            path: /menu
            responses:
              200:
                description: The menu.

        """

    @Test("a YAML contract loads, with status keys written as integers")
    func loads() throws {
        let contract = try ContractLoader.load(bytes: Array(Self.contract.utf8), file: "Contracts/shop.yaml")
        #expect(contract.name == "Shop")
        #expect(contract.endpoints.map(\.id) == ["listMenu"])
    }

    @Test("YAML and JSON forms of a contract load the same")
    func sameAsJSON() throws {
        let json = """
            {"conform": 1, "name": "Shop", "version": "1.0.0", "endpoints": [
              {"id": "listMenu", "method": "GET", "path": "/menu", "responses": {"200": {"description": "The menu."}}}]}
            """
        let fromYAML = try ContractLoader.load(bytes: Array(Self.contract.utf8), file: "shop.yml")
        let fromJSON = try ContractLoader.load(bytes: Array(json.utf8), file: "shop.json")
        #expect(fromYAML.document == fromJSON.document)
    }

    @Test("a lint problem in a YAML contract points at the YAML line and column")
    func problemPosition() {
        let broken = Self.contract.replacingOccurrences(
            of: "    responses:", with: "    examlpes: []\n    responses:")
        let outcome = ContractLoader.read(bytes: Array(broken.utf8), file: "shop.yaml")
        let problem = outcome.problems.first { $0.message.contains("examlpes") }
        #expect(problem?.position?.line == 9)
        #expect(problem?.position?.column == 5)
        #expect(problem?.description.hasPrefix("shop.yaml:9:5: error: ") == true)
    }

    @Test("a YAML syntax error is reported at file:line:column")
    func syntaxError() {
        let outcome = ContractLoader.read(bytes: Array("conform: 1\nname: [Shop\n".utf8), file: "shop.yaml")
        #expect(outcome.contract == nil)
        #expect(
            outcome.problems.first?.description.hasPrefix("shop.yaml:3:1: error: not valid YAML: ") == true)
    }
}
