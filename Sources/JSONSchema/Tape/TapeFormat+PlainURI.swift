/// The usual URI in one pass: `scheme:`, an optional `//host:port`, then a path, query and
/// fragment of plain characters and percent escapes.
///
/// `TapeFormat.uri` splits the text at its delimiters and checks each component in a pass of its
/// own (five to six passes over a URL, each byte tested against a component's mask). Response
/// URLs nearly all have this shape, so this reads them once, each byte's classes looked up in one
/// table. It answers only `true`, and only where the component checks would all hold: the scheme
/// ends at the first `:` (no scheme character is a delimiter), the host stops at the first byte
/// the host may not hold, and a port is digits up to the path. A user name, an IP literal, a
/// second `#`, a byte past ASCII or anything else it does not expect leaves the text to the
/// component checks (`nil`), which decide it exactly as before.
extension TapeFormat {
    @inline(__always)
    static func plainURI(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let base = text.baseAddress, text.count > 1 else { return nil }
        return PlainURIClasses.table.withUnsafeBufferPointer { table -> Bool? in
            let classes = table.baseAddress.unsafelyUnwrapped
            let end = text.count
            guard classes[Int(base[0])] & PlainURIClasses.letter != 0 else { return nil }
            var index = 1
            while index < end && classes[Int(base[index])] & PlainURIClasses.scheme != 0 { index += 1 }
            guard index < end, base[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            if index + 1 < end && base[index] == UInt8(ascii: "/") && base[index + 1] == UInt8(ascii: "/") {
                index += 2
                while index < end && classes[Int(base[index])] & PlainURIClasses.host != 0 { index += 1 }
                if index < end && base[index] == UInt8(ascii: ":") {
                    index += 1
                    while index < end && base[index] &- UInt8(ascii: "0") < 10 { index += 1 }
                }
                guard index == end || classes[Int(base[index])] & PlainURIClasses.afterAuthority != 0 else {
                    return nil
                }
            }
            // The path, then the query (`?` allowed from the first `?` on), then the fragment.
            var allowed = PlainURIClasses.path
            while index < end {
                let byte = base[index]
                let byteClasses = classes[Int(byte)]
                if byteClasses & allowed != 0 {
                    index += 1
                } else if byte == UInt8(ascii: "%") {
                    guard index + 2 < end, classes[Int(base[index + 1])] & PlainURIClasses.hex != 0,
                        classes[Int(base[index + 2])] & PlainURIClasses.hex != 0
                    else { return nil }
                    index += 3
                } else if byte == UInt8(ascii: "?") && allowed == PlainURIClasses.path {
                    allowed = PlainURIClasses.query
                    index += 1
                } else if byte == UInt8(ascii: "#") && allowed != PlainURIClasses.fragment {
                    allowed = PlainURIClasses.fragment
                    index += 1
                } else {
                    return nil
                }
            }
            return true
        }
    }
}

/// Each ASCII byte's classes for `TapeFormat.plainURI`, as bits (bytes past ASCII have none).
enum PlainURIClasses {
    static let letter: UInt8 = 1
    static let scheme: UInt8 = 2
    static let host: UInt8 = 4
    static let path: UInt8 = 8
    /// The query and the fragment allow the same characters (`?` among them); they are told apart
    /// by a bit that no byte has, so a second `#` ends the fast path.
    static let query: UInt8 = 16
    static let fragment: UInt8 = 16 | 128
    static let hex: UInt8 = 32
    /// What may follow an authority: `/`, `?` or `#`.
    static let afterAuthority: UInt8 = 64

    static let table: [UInt8] = {
        let unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
        let subDelimiters = "!$&'()*+,;="
        let sets: [(String, UInt8)] = [
            ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", letter),
            ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-.", scheme),
            (unreserved + subDelimiters, host), (unreserved + subDelimiters + ":@/", path),
            (unreserved + subDelimiters + ":@/?", query), ("0123456789ABCDEFabcdef", hex),
            ("/?#", afterAuthority),
        ]
        var table = [UInt8](repeating: 0, count: 256)
        for (characters, bit) in sets {
            for byte in characters.utf8 { table[Int(byte)] |= bit }
        }
        return table
    }()
}
