import ContractKit
import Foundation
import JSONSchema
import Testing

@Suite("A description loads part by part: a defect leaves out only what it breaks")
struct PartialLoadingTests {
    @Test("an unreadable path skips its operation; a broken keyword or $ref leaves only that keyword out")
    func brokenParts() async throws {
        let outcome = readFixture("slips/broken-parts.json")
        #expect(!outcome.hasErrors, "\(outcome.problems.map(\.description))")
        let contract = try #require(outcome.contract)
        #expect(contract.endpoints.map(\.id) == ["listItems", "health"])
        let skipped = try #require(contract.skippedOperations.first)
        #expect(contract.skippedOperations.count == 1)
        #expect(skipped.endpointID == "getFile" && skipped.method == "GET" && skipped.path == "/files/{name")
        #expect(skipped.tags == ["files"])
        #expect(skipped.reason.contains("found \"/files/{name\""), "\(skipped.reason)")
        #expect(skipped.location == fixture("slips/broken-parts.json") + ":7:7")
        let lines = outcome.problems.map { "\($0.position?.line ?? 0): \($0.message)" }
        #expect(lines[0].hasPrefix("7: \"path\" must start with"))
        #expect(lines[0].hasSuffix("; operation GET /files/{name is skipped (an error with --strict)"))
        #expect(lines[1].hasPrefix("12: invalid regular expression \"(?<\""))
        #expect(
            lines[1].hasSuffix(
                "\"pattern\" is left out of this schema, so it is not checked (an error with --strict)"))
        #expect(lines[2].hasPrefix("14: $ref to schema \"Missing\" points at nothing in this description"))
        let query = try #require(contract.endpoint("listItems")?.parameters.first?.schemaPointer)
        #expect(query.resolve(in: contract.document) == ["type": "string"])
        let result = try await replayAgainstMock(contract)
        #expect(result.isSuccessful)
        #expect(result.skippedOperations == contract.skippedOperations)
    }

    @Test("paths nested under items that are also listings (httpbin's /digest-auth) load whole and run")
    func nestedItemPaths() async throws {
        var paths: [String] = []
        for path in [
            "/digest-auth/{qop}/{user}/{passwd}", "/digest-auth/{qop}/{user}/{passwd}/{algorithm}",
            "/digest-auth/{qop}/{user}/{passwd}/{algorithm}/{stale_after}",
        ] {
            let names = path.split(separator: "{").dropFirst().map { $0.prefix { $0 != "}" } }
            let parameters = names.map {
                #"{"name": "\#($0)", "in": "path", "required": true, "type": "string"}"#
            }
            paths.append(
                #""\#(path)": {"get": {"parameters": [\#(parameters.joined(separator: ", "))], "produces": ["application/json"], "responses": {"200": {"description": "ok", "schema": {"type": "object"}}}}}"#
            )
        }
        let text =
            #"{"swagger": "2.0", "info": {"title": "Digest", "version": "1"}, "paths": {"#
            + paths.joined(separator: ", ") + "}}"
        let outcome = ContractLoader.read(bytes: Array(text.utf8), file: "digest.json")
        let contract = try #require(outcome.contract, "\(outcome.problems.map(\.description))")
        #expect(contract.skippedOperations.isEmpty, "\(contract.skippedOperations.map(\.reason))")
        #expect(contract.endpoints.count == 3)
        let result = try await replayAgainstMock(contract)
        #expect(result.isSuccessful)
    }

    @Test("--strict refuses the same description as before, every defect an error")
    func strict() {
        let outcome = ContractLoader.read(file: fixture("slips/broken-parts.json"), strict: true)
        let errors = outcome.problems.filter { $0.severity == .error }
        #expect(errors.count == 3, "\(errors.map(\.description))")
        #expect(outcome.hasErrors)
        #expect(errors.allSatisfy { !$0.message.contains("skipped") && !$0.message.contains("left out") })
    }

    @Test("a skipped operation is chosen or not by --only and --skip as it would have been")
    func selection() throws {
        let contract = try #require(readFixture("slips/broken-parts.json").contract)
        let operation = try #require(contract.skippedOperations.first)
        #expect(Selection().wouldRun(operation))
        #expect(Selection(only: ["files"]).wouldRun(operation))
        #expect(!Selection(only: ["health"]).wouldRun(operation))
        #expect(!Selection(skip: ["getFile"]).wouldRun(operation))
        #expect(!Selection(shard: .init(index: 2, count: 2)).wouldRun(operation))
    }

    @Test("a contract written for Conform stays strict: its errors refuse it whole")
    func contractsStayStrict() {
        let text = #"""
            {"conform": 1, "name": "Strict", "version": "1", "endpoints": [
              {"id": "a", "method": "GET", "path": "/a/{b", "responses": {"200": {}}},
              {"id": "c", "method": "GET", "path": "/c", "responses": {"200": {"schema": {"type": "int"}}}}]}
            """#
        let outcome = ContractLoader.read(bytes: Array(text.utf8), file: "strict.json")
        #expect(outcome.hasErrors)
        #expect(outcome.problems.filter { $0.severity == .error }.count == 2, "\(outcome.problems)")
        #expect(outcome.contract?.skippedOperations.isEmpty == true)
    }

    @Test("every operation skipped is a description that tests nothing, and says why")
    func everythingSkipped() {
        let text = #"""
            {"openapi": "3.0.3", "info": {"title": "All broken", "version": "1"},
             "paths": {"/a/{b": {"get": {"responses": {"200": {"description": "A."}}}}}}
            """#
        let outcome = ContractLoader.read(bytes: Array(text.utf8), file: "broken.json")
        #expect(outcome.testsNothing)
        #expect(outcome.emptiness?.message.contains("every operation of the description was skipped") == true)
    }
}

@Suite("Swagger 2.0 is read by its own rules")
struct Swagger2RulesTests {
    @Test("an Authorization header parameter is a parameter in 2.0; OpenAPI 3 ignores it")
    func authorizationHeader() throws {
        let swagger = try #require(readFixture("slips/swagger2-rules.json").contract)
        #expect(swagger.endpoint("get_bearer")?.parameters.map(\.name) == ["Authorization"])
        let openAPI = #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"},
             "paths": {"/bearer": {"get": {"parameters": [{"name": "Authorization", "in": "header", "schema": {"type": "string"}}],
               "responses": {"200": {"description": "OK."}}}}}}
            """#
        let outcome = ContractLoader.read(bytes: Array(openAPI.utf8), file: "three.json")
        #expect(outcome.contract?.endpoints.first?.parameters.isEmpty == true)
        #expect(outcome.problems.contains { $0.message.contains("is ignored, as OpenAPI 3 specifies") })
    }

    @Test("untyped parameters, path parameters not required and OpenAPI 3 keys are warnings for the author")
    func authorWarnings() {
        let warnings = warningLines(readFixture("slips/swagger2-rules.json"))
        let expected = [
            "/paths/~1status~1{codes}/get/parameters/0: parameter \"codes\" has no \"type\", which Swagger 2.0 requires",
            "/paths/~1status~1{codes}/get/parameters/0: path parameter \"codes\" does not say \"required\": true",
            "/paths/~1anything/post/requestBody: \"requestBody\" is an OpenAPI 3 key, which Swagger 2.0 does not have, so it is ignored; a 2.0 document writes an \"in\": \"body\"",
            "/paths/~1anything/post/parameters/0: parameter \"freeform\" has no \"type\"",
            "/paths/~1anything/post/parameters/0/schema: \"schema\" is an OpenAPI 3 key",
            "/paths/~1anything/post/parameters/0/style: \"style\" is an OpenAPI 3 key",
        ]
        #expect(warnings.count == expected.count, "\(warnings.joined(separator: "\n"))")
        for (line, prefix) in zip(warnings, expected) { #expect(line.hasPrefix(prefix), "\(line)") }
    }

    @Test("the requestBody an OpenAPI 3 author wrote into a 2.0 file is not read")
    func openAPI3KeysIgnored() throws {
        let contract = try #require(readFixture("slips/swagger2-rules.json").contract)
        #expect(contract.endpoint("post_anything")?.request == nil)
    }
}
