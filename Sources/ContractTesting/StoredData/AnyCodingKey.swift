/// A coding key with any name or index: for the made-up decoder's array positions and for the
/// one-key documents that translate key names through the app's coders.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(_ name: String) {
        stringValue = name
        intValue = nil
    }

    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    init?(stringValue: String) { self.init(stringValue) }

    init?(intValue: Int) { self.init(index: intValue) }
}
