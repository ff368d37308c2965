import JSONSchema
import Testing

@testable import ContractKit

/// The resource model reads an API as a client finds its way around it.
@Suite struct ResourceModelTests {
    /// An OpenAPI 3.1 description of `paths` (JSON members), with `schemas` as its components.
    static func model(_ paths: String, schemas: String = "{}") throws -> (ResourceModel, Contract) {
        let text = #"""
            {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
             "components": {"schemas": \#(schemas)}, "paths": {\#(paths)}}
            """#
        let contract = try ContractLoader.load(bytes: Array(text.utf8), file: "t.json")
        return (ResourceModel(contract: contract), contract)
    }

    static let id = #"[{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}]"#
    static let ok =
        #"{"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}"#
    static let list =
        #"{"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "object"}}}}}}"#

    @Test("a collection published with a trailing slash pairs with its item path; a POST search lists it")
    func trailingSlashAndSearch() throws {
        let (model, _) = try Self.model(
            #"""
            "/flows/": {"post": {"operationId": "createFlow", "responses": \#(Self.ok)}},
            "/flows/filter": {"post": {"operationId": "readFlows", "responses": \#(Self.list)}},
            "/flows/count": {"post": {"operationId": "countFlows", "responses": \#(Self.ok)}},
            "/flows/{id}": {"parameters": \#(Self.id), "get": {"operationId": "readFlow", "responses": \#(Self.ok)},
              "delete": {"operationId": "deleteFlow", "responses": \#(Self.ok)}}
            """#)
        #expect(model.resources.map(\.name) == ["flows"])
        let flows = try #require(model.resource(named: "flows"))
        #expect(flows.collection.template == "/flows/")
        #expect(flows.operations[.create] == "createFlow")
        #expect(flows.operations[.list] == "readFlows")
        #expect(flows.listsBySearch)
        #expect(flows.operations[.read] == "readFlow")
    }

    @Test("an item path without a collection is created by its PUT, with an id the client chooses")
    func createdOnItemPath() throws {
        let (model, contract) = try Self.model(
            #"""
            "/api/contents/{path}": {"parameters": [{"name": "path", "in": "path", "required": true, "schema": {"type": "string"}}],
              "get": {"operationId": "getFile", "responses": \#(Self.ok)},
              "put": {"operationId": "saveFile", "responses": \#(Self.ok)}}
            """#)
        let contents = try #require(model.resource(named: "contents"))
        #expect(contents.createsOnItem)
        #expect(contents.operations[.create] == "saveFile")
        #expect(contents.operations[.replace] == "saveFile")
        #expect(model.resource(of: "saveFile")?.role == .create)
        #expect(model.idSources(of: contents, in: contract).first == .chosen(endpoint: "saveFile"))
    }

    @Test("an id inside an envelope is read from the success schema, never an error schema")
    func envelopeIDFromSuccessSchema() throws {
        let error =
            #"{"type": "object", "properties": {"code": {"type": "integer"}, "message": {"type": "string"}}}"#
        let created =
            #"{"type": "object", "properties": {"data": {"type": "object", "additionalProperties": {}}}}"#
        let (model, contract) = try Self.model(
            #"""
            "/buckets": {"post": {"operationId": "createBucket", "responses": {
              "201": {"description": "created", "content": {"application/json": {"schema": \#(created)}}},
              "default": {"description": "error", "content": {"application/json": {"schema": \#(error)}}}}}},
            "/buckets/{id}": {"parameters": \#(Self.id), "get": {"operationId": "getBucket", "responses": \#(Self.ok)}}
            """#)
        let buckets = try #require(model.resource(named: "buckets"))
        let sources = model.idSources(of: buckets, in: contract)
        #expect(sources.first == .property(endpoint: "createBucket", pattern: "/data/id"))
        let answer = JSONValue.object(
            JSONObject([
                ("data", .object(JSONObject([("id", "b1"), ("last_modified", 7)]))),
                ("permissions", .object(JSONObject())),
            ]))
        #expect(buckets.id(in: answer) == "b1")
    }

    @Test("a child's path takes its parent's id under the child's placeholder name")
    func parentIDUnderTheChildsName() throws {
        let (model, _) = try Self.model(
            #"""
            "/buckets": {"post": {"operationId": "createBucket", "responses": \#(Self.ok)}},
            "/buckets/{id}": {"parameters": \#(Self.id), "get": {"operationId": "getBucket", "responses": \#(Self.ok)}},
            "/buckets/{bucket_id}/groups": {"parameters": [{"name": "bucket_id", "in": "path", "required": true, "schema": {"type": "string"}}],
              "post": {"operationId": "createGroup", "responses": \#(Self.ok)}},
            "/buckets/{bucket_id}/groups/{id}": {"parameters": [{"name": "bucket_id", "in": "path", "required": true, "schema": {"type": "string"}},
              {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
              "get": {"operationId": "getGroup", "responses": \#(Self.ok)}}
            """#)
        let groups = try #require(model.resource(named: "groups"))
        #expect(groups.parent == Resource.Parent(resource: "buckets", parameter: "bucket_id"))
        #expect(model.parentValues(of: groups, from: ["id": "b1"]) == ["bucket_id": "b1"])
        #expect(model.family(of: groups.collection) == model.family(of: PathTemplate("/buckets")!))
    }

    @Test("a body property naming another resource's item is a reference to it")
    func references() throws {
        let deployment =
            #"{"type": "object", "properties": {"name": {"type": "string"}, "flow_id": {"type": "string"}, "work_pool_name": {"type": "string"}}}"#
        let (model, contract) = try Self.model(
            #"""
            "/flows/": {"post": {"operationId": "createFlow", "responses": \#(Self.ok)}},
            "/flows/{id}": {"parameters": \#(Self.id), "get": {"operationId": "readFlow", "responses": \#(Self.ok)}},
            "/work_pools/": {"post": {"operationId": "createPool", "responses": \#(Self.ok)}},
            "/work_pools/{name}": {"parameters": [{"name": "name", "in": "path", "required": true, "schema": {"type": "string"}}],
              "get": {"operationId": "readPool", "responses": \#(Self.ok)}},
            "/deployments/": {"post": {"operationId": "createDeployment",
              "requestBody": {"content": {"application/json": {"schema": \#(deployment)}}}, "responses": \#(Self.ok)}},
            "/deployments/{id}": {"parameters": \#(Self.id), "get": {"operationId": "readDeployment", "responses": \#(Self.ok)}}
            """#)
        #expect(model.resource(namedBy: "flow_id")?.name == "flows")
        #expect(model.resource(namedBy: "flowId")?.name == "flows")
        #expect(model.resource(namedBy: "work_pool_name")?.name == "work_pools")
        #expect(model.resource(namedBy: "name") == nil)
        let deployments = try #require(model.resource(named: "deployments"))
        #expect(model.references(of: deployments, in: contract).map(\.name) == ["flows", "work_pools"])
    }

    @Test("lint --verbose warns of a resource without create, read or id source")
    func warnings() throws {
        let (model, contract) = try Self.model(
            #"""
            "/tags/{id}": {"parameters": \#(Self.id), "delete": {"operationId": "deleteTag", "responses": \#(Self.ok)}},
            "/tags": {"get": {"operationId": "listTags", "responses": \#(Self.ok)}}
            """#)
        let text = model.description(in: contract)
        #expect(text.contains("warning: no create"))
        #expect(text.contains("warning: no read"))
        #expect(text.contains("warning: no id source"))
    }
}
