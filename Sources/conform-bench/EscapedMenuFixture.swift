/// A menu whose strings are what real APIs send rather than what the Restaurant fixture sends:
/// escaped quotes and backslashes, `\n`, `\u` escapes (a surrogate pair among them) and non-ASCII
/// text (`é`, `✓`, `—`, an emoji), with a schema that checks them with `enum`, `pattern` and
/// `format`.
///
/// Written as bytes directly and deterministically (the item number picks every variant), so every
/// reader under test sees the same text. Every item is valid for `schema`.
enum EscapedMenuFixture {
    private static let names = [
        #"Crème brûlée \"maison\" ✓"#, #"Pâté en croûte — \"chef\""#, #"Bœuf bourguignon ✓"#,
        #"Tarte \\ Tatin"#, #"Salade niçoise \u00e9t\u00e9"#, #"Café \"noir\" \ud83d\ude00"#,
        #"Soupe à l'oignon"#, #"Île flottante ✓✓"#,
    ]
    private static let descriptions = [
        #"Cuite au four, servie tiède. \"Notre\" recette depuis 1987 — crème, vanille ✓, caramel."#,
        #"Path C:\\menu\\plats\\entrées; allergens: \"œufs\", \"lait\".\nServed chilled ✓."#,
        #"Mijoté 6 h au vin de Bourgogne, carottes, champignons \u2014 accompagné de purée."#,
        #"Pommes caramélisées, pâte brisée. Ask for \"crème fraîche\" \\ or vanilla ice cream ✓."#,
        #"Thon, œufs, olives niçoises, anchois; \"sans\" pommes de terre. Été ✓ — \t(saison)."#,
    ]
    /// The `enum` of `category`; instances spell some with escapes, which must compare decoded.
    static let categories = [
        #"Entrées"#, #"Plats \"maison\""#, #"Desserts ✓"#, #"Boissons \\ bar"#, #"Spécialités"#,
    ]
    /// Instance spellings of `categories`, one escaped differently from the schema's text.
    private static let categorySpellings = [
        #"Entr\u00e9es"#, #"Plats \"maison\""#, #"Desserts \u2713"#, #"Boissons \\ bar"#, #"Spécialités"#,
    ]

    /// The schema every item of `menu` meets: a `pattern` on names and image URLs, an `enum` on the
    /// category, `format` on the URL and the date, numeric bounds on the price.
    static let schema = #"""
        {
          "$defs": {
            "item": {
              "type": "object",
              "required": ["id", "name", "price", "category", "image_url", "updated"],
              "properties": {
                "id": {"type": "integer", "minimum": 1},
                "name": {"type": "string", "pattern": "^\\S(.*\\S)?$", "maxLength": 80},
                "description": {"type": "string", "minLength": 1, "maxLength": 400},
                "price": {"type": "number", "exclusiveMinimum": 0, "maximum": 1000},
                "category": {"enum": \#(categoryList)},
                "image_url": {"type": "string", "format": "uri", "pattern": "^https://cdn\\.example\\.com/images/[^/]+$"},
                "updated": {"type": "string", "format": "date-time"},
                "tags": {"type": "array", "items": {"type": "string", "pattern": "^[^\\u0000-\\u001F]+$"}}
              },
              "additionalProperties": false
            }
          },
          "type": "object",
          "required": ["items"],
          "properties": {"items": {"type": "array", "items": {"$ref": "#/$defs/item"}}}
        }
        """#

    private static var categoryList: String {
        "[" + categories.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }

    /// A menu document of at least `bytes` bytes (one item more than needed at most).
    static func menu(bytes target: Int) -> [UInt8] {
        MenuFixture.items(bytes: target, appendItem: appendItem(id:to:))
    }

    private static func appendItem(id: Int, to output: inout [UInt8]) {
        let price = 100 + (id &* 7919) % 49_900  // cents
        let cents = price % 100
        output.append(contentsOf: "{\"id\":\(id),\"name\":\"".utf8)
        output.append(contentsOf: names[id % names.count].utf8)
        output.append(contentsOf: "\",\"description\":\"".utf8)
        output.append(contentsOf: descriptions[id % descriptions.count].utf8)
        output.append(contentsOf: "\",\"price\":\(price / 100).\(cents < 10 ? "0" : "")\(cents)".utf8)
        output.append(contentsOf: ",\"category\":\"".utf8)
        output.append(contentsOf: categorySpellings[id % categorySpellings.count].utf8)
        output.append(
            contentsOf: "\",\"image_url\":\"https://cdn.example.com/images/\(id)-caf%C3%A9.png\"".utf8)
        let day = 1 + id % 28
        output.append(contentsOf: ",\"updated\":\"2026-11-\(day < 10 ? "0" : "")\(day)T05:30:00Z\"".utf8)
        output.append(contentsOf: #","tags":["végétarien ✓","sans \"gluten\"","\u00e9pic\u00e9"]}"#.utf8)
    }
}
