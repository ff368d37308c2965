/// A schema that exercises the validator's expensive machinery, and instances for it.
///
/// `MenuResponse` is flat; real contracts also use `$ref` chains, `oneOf` over tagged variants and
/// `unevaluatedProperties` (which needs annotations from every applicator), so this case keeps
/// those paths honest. Every `oneOf` branch is tried for every entry, as a validator must.
enum HeavySchemaFixture {
    static let schema = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$defs": {
            "id": {"type": "integer", "minimum": 1},
            "name": {"type": "string", "minLength": 1, "maxLength": 80},
            "money": {"type": "number", "minimum": 0, "multipleOf": 0.01},
            "tags": {"type": "array", "items": {"$ref": "#/$defs/name"}, "uniqueItems": true},
            "base": {
              "type": "object",
              "required": ["kind", "id"],
              "properties": {"id": {"$ref": "#/$defs/id"}, "kind": {"type": "string"}, "tags": {"$ref": "#/$defs/tags"}}
            },
            "dish": {
              "allOf": [{"$ref": "#/$defs/base"}],
              "properties": {"kind": {"const": "dish"}, "name": {"$ref": "#/$defs/name"}, "price": {"$ref": "#/$defs/money"}},
              "required": ["name", "price"],
              "unevaluatedProperties": false
            },
            "drink": {
              "allOf": [{"$ref": "#/$defs/base"}],
              "properties": {
                "kind": {"const": "drink"}, "name": {"$ref": "#/$defs/name"},
                "volume_ml": {"type": "integer", "minimum": 1}, "price": {"$ref": "#/$defs/money"}
              },
              "required": ["name", "volume_ml"],
              "unevaluatedProperties": false
            },
            "combo": {
              "allOf": [{"$ref": "#/$defs/base"}],
              "properties": {
                "kind": {"const": "combo"}, "parts": {"type": "array", "items": {"$ref": "#/$defs/id"}, "minItems": 2},
                "discount": {"$ref": "#/$defs/money"}
              },
              "required": ["parts"],
              "unevaluatedProperties": false
            },
            "entry": {"oneOf": [{"$ref": "#/$defs/dish"}, {"$ref": "#/$defs/drink"}, {"$ref": "#/$defs/combo"}]}
          },
          "type": "object",
          "required": ["entries"],
          "properties": {"entries": {"type": "array", "items": {"$ref": "#/$defs/entry"}}},
          "unevaluatedProperties": false
        }
        """#

    /// A valid instance of at least `bytes` bytes, cycling through the three variants.
    static func instance(bytes target: Int) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(target + 256)
        output.append(contentsOf: #"{"entries":["#.utf8)
        var id = 1
        while output.count < target {
            if id > 1 { output.append(UInt8(ascii: ",")) }
            let tags = #""tags":["house","n\#(id % 17)"]"#
            switch id % 3 {
            case 0:
                output.append(
                    contentsOf:
                        #"{"kind":"dish","id":\#(id),"name":"Dish \#(id)","price":\#(id % 40).25,\#(tags)}"#
                        .utf8)
            case 1:
                output.append(
                    contentsOf:
                        #"{"kind":"drink","id":\#(id),"name":"Drink \#(id)","volume_ml":330,\#(tags)}"#.utf8)
            default:
                output.append(
                    contentsOf:
                        #"{"kind":"combo","id":\#(id),"parts":[\#(id + 1),\#(id + 2)],"discount":1.5}"#.utf8)
            }
            id += 1
        }
        output.append(contentsOf: "]}".utf8)
        return output
    }
}
