import JSONSchema

/// Names a change the way a generated client names the type it breaks, so `--clients codable`
/// speaks to a team in its own code's terms.
///
/// swift-openapi-generator turns `#/components/schemas/Pet` into `Components.Schemas.Pet`, a
/// property into a Swift property of the same name, and an inline schema under a property (an
/// enum, an object) into a nested type named after the property with `Payload` appended, once
/// more for each `items` step: `status`'s inline enum is `Components.Schemas.Pet.statusPayload`.
/// A change that sits in a named schema is worded with that name; a change elsewhere (an inline
/// response schema, a contract written for Conform) keeps its plain wording.
enum ClientNaming {
    /// The generated Swift name of what the change at `pointer` (a place in the description)
    /// breaks, or nil when it is not inside `#/components/schemas`.
    static func generatedName(at pointer: JSONPointer) -> String? {
        let tokens = pointer.tokens
        guard tokens.count >= 3, tokens[0] == "components", tokens[1] == "schemas" else { return nil }
        var name = "Components.Schemas." + swiftName(tokens[2])
        var index = 3
        while index + 1 < tokens.count, tokens[index] == "properties" {
            let property = swiftName(tokens[index + 1])
            index += 2
            var items = 0
            while index < tokens.count, tokens[index] == "items" {
                items += 1
                index += 1
            }
            let rest = tokens[index...]
            let entersInlineSchema = rest.first == "enum" || rest.first == "properties"
            if entersInlineSchema || items > 0 && !rest.isEmpty {
                name += "." + property + "Payload" + String(repeating: "Payload", count: items)
            } else {
                name += "." + property
            }
        }
        return name
    }

    /// `codable` with the generated name of its place appended, when it has one.
    static func wording(_ codable: String, at pointer: JSONPointer) -> String {
        guard let name = generatedName(at: pointer) else { return codable }
        return codable + " (swift-openapi-generator: `\(name)`)"
    }

    /// The generator's defensive naming: characters a Swift identifier cannot hold become `_`,
    /// and a leading digit gets one in front.
    private static func swiftName(_ text: String) -> String {
        // Most names are already identifiers: checked on the bytes, without Unicode properties.
        if let first = text.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
            text.utf8.allSatisfy({ byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "_")
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            })
        {
            return text
        }
        var name = String(text.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if name.first?.isNumber ?? true { name = "_" + name }
        return name
    }
}
