/// RFC 3492 Punycode decoding, to check `xn--` labels of host names.
enum Punycode {
    /// The decoded label, or nil when `text` is not valid Punycode.
    static func decode(_ text: String) -> String? {
        let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700
        var output: [Unicode.Scalar] = []
        var input = Array(text.unicodeScalars)
        if let delimiter = input.lastIndex(of: "-") {
            output = Array(input[..<delimiter])
            guard output.allSatisfy(\.isASCII) else { return nil }
            input = Array(input[(delimiter + 1)...])
        }
        var n = 128, i = 0, bias = 72, position = 0
        while position < input.count {
            let oldI = i
            var w = 1
            var k = base
            while true {
                guard position < input.count else { return nil }
                let scalar = input[position]
                position += 1
                let digit: Int
                switch scalar {
                case "a"..."z": digit = Int(scalar.value - 97)
                case "A"..."Z": digit = Int(scalar.value - 65)
                case "0"..."9": digit = Int(scalar.value - 22)
                default: return nil
                }
                let (product, overflow) = digit.multipliedReportingOverflow(by: w)
                guard !overflow else { return nil }
                let (sum, sumOverflow) = i.addingReportingOverflow(product)
                guard !sumOverflow else { return nil }
                i = sum
                let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if digit < t { break }
                let (weight, weightOverflow) = w.multipliedReportingOverflow(by: base - t)
                guard !weightOverflow else { return nil }
                w = weight
                k += base
                guard i < 0x10FFFF * 64 else { return nil }
            }
            let count = output.count + 1
            var delta = oldI == 0 ? (i - oldI) / damp : (i - oldI) / 2
            delta += delta / count
            var shift = 0
            while delta > ((base - tMin) * tMax) / 2 {
                delta /= base - tMin
                shift += base
            }
            bias = shift + (base - tMin + 1) * delta / (delta + skew)
            n += i / count
            i %= count
            guard let scalar = Unicode.Scalar(UInt32(clamping: n)) else { return nil }
            output.insert(scalar, at: i)
            i += 1
        }
        var result = ""
        result.unicodeScalars.append(contentsOf: output)
        return result
    }
}
