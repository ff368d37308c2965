/// Deterministic JSON inputs shaped like the Restaurant contract's `MenuResponse`.
///
/// Written as bytes directly (not through any JSON library), so producing a 50 MB body costs little
/// and every parser under test reads exactly the same text. Every item is valid for `MenuItem`.
enum MenuFixture {
    private static let names = [
        "Spaghetti and Meatballs", "Margherita Pizza", "Garlic Bread", "Tiramisu", "Caesar Salad",
        "Mushroom Risotto", "Grilled Salmon", "Crème Brûlée", "Lemon Tart", "Bruschetta",
    ]
    private static let descriptions = [
        "Seasoned meatballs on top of freshly-made spaghetti. Served with a robust tomato sauce.",
        "Tomato sauce, fresh mozzarella, basil, and extra-virgin olive oil.",
        "Toasted sourdough with garlic butter and parsley.",
        "Espresso-soaked ladyfingers layered with mascarpone cream.",
        "Romaine, parmesan, croutons and a \\\"classic\\\" anchovy dressing.",
        "Arborio rice slow-cooked with porcini, thyme and aged parmesan.",
    ]
    private static let categories = ["Appetizers", "Entrees", "Desserts", "Salads", "Specials"]

    /// A `MenuResponse` document of at least `bytes` bytes (one item more than needed at most).
    static func menu(bytes target: Int) -> [UInt8] {
        items(bytes: target, appendItem: appendItem(id:to:))
    }

    /// `{"items":[…]}` of at least `target` bytes, item `id` written by `appendItem` from 1 on (one
    /// item more than needed at most): the frame of every generated menu.
    static func items(bytes target: Int, appendItem: (Int, inout [UInt8]) -> Void) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(target + 1024)
        output.append(contentsOf: #"{"items":["#.utf8)
        var id = 1
        while output.count < target {
            if id > 1 { output.append(UInt8(ascii: ",")) }
            appendItem(id, &output)
            id += 1
        }
        output.append(contentsOf: "]}".utf8)
        return output
    }

    /// `count` small bodies of about 200 bytes: single items, short menus and error objects, as a
    /// replay run receives them.
    static func smallBodies(count: Int) -> [[UInt8]] {
        (0..<count).map { index in
            var output: [UInt8] = []
            switch index % 4 {
            case 0:
                appendItem(id: index + 1, to: &output)
            case 1:
                output.append(contentsOf: #"{"categories":["Appetizers","Entrees","Desserts","#.utf8)
                output.append(contentsOf: "\"Special \(index)\",\"Salads\",\"Soups\",\"Drinks\"],".utf8)
                output.append(contentsOf: #""updated":"2026-11-22T05:00:00Z","count":7,"ok":true}"#.utf8)
            case 2:
                output.append(
                    contentsOf: "{\"preparation_time\":\(index % 90),\"order\":{\"id\":\(index),".utf8)
                output.append(contentsOf: #""menuIds":[1,2,3,5,8,13],"total":42.75,"notes":null,"#.utf8)
                output.append(contentsOf: #""status":"accepted","eta":"2026-11-22T05:30:00Z"}}"#.utf8)
            default:
                output.append(contentsOf: #"{"error":"the category filter 'Brunch' is unknown","#.utf8)
                output.append(contentsOf: #""pointer":"/category","hint":"use one of GET /categories","#.utf8)
                output.append(contentsOf: "\"request\":\(index),\"retry\":false}".utf8)
            }
            return output
        }
    }

    private static func appendItem(id: Int, to output: inout [UInt8]) {
        let price = 100 + (id &* 7919) % 4900  // cents
        output.append(contentsOf: "{\"id\":\(id),\"name\":\"".utf8)
        output.append(contentsOf: names[id % names.count].utf8)
        output.append(contentsOf: "\",\"description\":\"".utf8)
        output.append(contentsOf: descriptions[id % descriptions.count].utf8)
        output.append(
            contentsOf: "\",\"price\":\(price / 100).\(price % 100 < 10 ? "0" : "")\(price % 100)".utf8)
        output.append(contentsOf: ",\"category\":\"".utf8)
        output.append(contentsOf: categories[id % categories.count].utf8)
        output.append(contentsOf: "\",\"image_url\":\"https://cdn.example.com/images/\(id).png\"}".utf8)
    }
}
