/// Descriptions cut down from real ones, each keeping the shape that once made Conform disagree
/// with itself, shared by the mock's tests and the fuzzer's tests of that shape.
package enum RealShapes {
    /// GitHub's comments: the item's GET declares no 404 (nor any 4xx), so a deleted item has no
    /// declared answer; the create and the update declare 422 for invalid bodies.
    package static let gitHubComments = """
        {"openapi": "3.0.3", "info": {"title": "Comments", "version": "1"}, "paths": {
          "/comments": {
            "get": {"operationId": "listComments", "responses": {"200": {"description": "all",
              "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Comment"}}}}}}},
            "post": {"operationId": "createComment", "requestBody": {"required": true, "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/NewComment"}}}},
              "responses": {"201": {"description": "made", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Comment"}}}},
                            "422": {"description": "invalid"}}}},
          "/comments/{comment_id}": {
            "parameters": [{"name": "comment_id", "in": "path", "required": true, "schema": {"type": "integer", "minimum": 1}}],
            "get": {"operationId": "getComment", "responses": {"200": {"description": "one",
              "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Comment"}}}}}},
            "patch": {"operationId": "updateComment", "requestBody": {"required": true, "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/NewComment"}}}},
              "responses": {"200": {"description": "changed", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Comment"}}}},
                            "422": {"description": "invalid"}}},
            "delete": {"operationId": "deleteComment", "responses": {"204": {"description": "gone"}}}}},
          "components": {"schemas": {
            "NewComment": {"type": "object", "required": ["body"], "properties": {"body": {"type": "string"}}},
            "Comment": {"type": "object", "required": ["id", "body"],
              "properties": {"id": {"type": "integer", "minimum": 1}, "body": {"type": "string"}}}}}}
        """
}
