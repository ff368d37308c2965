# Generates a large OpenAPI 3.0 description (named schemas in groups of 25 that reference each other
# through $ref, two operations per path) in pretty and minified JSON, to time `conform lint`:
#   python3 generate-large-description.py 1300 1200 OUTDIR   # about 4 MB pretty, 1.9 MB minified
#   /usr/bin/time -v .build/release/conform lint OUTDIR/pretty.json
import json, sys, random
random.seed(7)
n_schemas = int(sys.argv[1]) if len(sys.argv) > 1 else 800
n_paths = int(sys.argv[2]) if len(sys.argv) > 2 else 600
out = sys.argv[3] if len(sys.argv) > 3 else "."
schemas = {}
for i in range(n_schemas):
    props = {
        "id": {"type": "string", "format": "uuid", "description": "identifier of the thing " * 3},
        "name": {"type": "string", "maxLength": 200, "description": "a human name " * 4},
        "count": {"type": "integer", "format": "int32", "minimum": 0},
        "created": {"type": "string", "format": "date-time"},
        "tags": {"type": "array", "items": {"type": "string"}},
        "status": {"type": "string", "enum": ["active", "inactive", "pending"]},
    }
    for k in range(1, 4):
        j = i + k
        if j < n_schemas and j // 25 == i // 25:
            props[f"child{k}"] = {"$ref": f"#/components/schemas/S{j}"}
    props["list"] = {"type": "array", "items": {"$ref": f"#/components/schemas/S{i + 5 if (i + 5) // 25 == i // 25 else i}"}}
    schemas[f"S{i}"] = {"type": "object", "required": ["id", "name"], "properties": props, "nullable": True}
paths = {}
for p in range(n_paths):
    s = random.randrange(n_schemas)
    paths[f"/things{p}/{{id}}"] = {
        "get": {"operationId": f"get{p}", "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}, "example": "x"}],
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/S{s}"}}}},
                              "404": {"description": "missing", "content": {"application/problem+json": {"schema": {"type": "object", "properties": {"title": {"type": "string"}}}}}}}},
        "put": {"operationId": f"put{p}", "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
                "requestBody": {"required": True, "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/S{s}"}}}},
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/S{(s+1) % n_schemas}"}}}}}},
    }
doc = {"openapi": "3.0.3", "info": {"title": "bench", "version": "1"}, "servers": [{"url": "http://bench.test"}], "paths": paths, "components": {"schemas": schemas}}
json.dump(doc, open(f"{out}/pretty.json", "w"), indent=2)
json.dump(doc, open(f"{out}/min.json", "w"), separators=(",", ":"))
