import JSONSchema

/// The menu schemas the mutator tests start from (the generator tests keep their own copy).
enum MenuFixture {
    static let menu: JSONValue = [
        "schemas": [
            "MenuItem": [
                "type": "object",
                "required": ["id", "name", "price"],
                "additionalProperties": false,
                "properties": [
                    "id": ["type": "string", "format": "uuid"],
                    "name": ["type": "string", "minLength": 1, "maxLength": 40],
                    "price": ["type": "number", "minimum": 0, "exclusiveMaximum": 1000, "multipleOf": 0.01],
                    "tags": [
                        "type": "array", "items": ["type": "string", "pattern": "^[a-z][a-z0-9-]{1,9}$"],
                        "uniqueItems": true, "maxItems": 4,
                    ],
                    "category": ["enum": ["starter", "main", "dessert"]],
                    "spicy": ["type": ["boolean", "null"]],
                    "next": ["$ref": "#/schemas/MenuItem"],
                ],
            ],
            "Tree": [
                "type": "object", "required": ["value", "children"],
                "properties": [
                    "value": ["type": "integer"],
                    "children": ["type": "array", "items": ["$ref": "#/schemas/Tree"]],
                ],
            ],
        ]
    ]
}
