/// RFC 3492 Punycode, to check the `xn--` labels of host names and the length of IDN labels.
enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700

    private static func threshold(_ k: Int, _ bias: Int) -> Int {
        k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
    }

    private static func adapt(_ delta: Int, count: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    /// The decoded label, or nil when `text` is not valid Punycode.
    static func decode(_ text: String) -> String? {
        var output: [Unicode.Scalar] = []
        var input = Array(text.unicodeScalars)
        if let delimiter = input.lastIndex(of: "-") {
            output = Array(input[..<delimiter])
            guard output.allSatisfy(\.isASCII) else { return nil }
            input = Array(input[(delimiter + 1)...])
        }
        var n = 128
        var i = 0
        var bias = 72
        var position = 0
        var first = true
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
                let (product, productOverflow) = digit.multipliedReportingOverflow(by: w)
                let (sum, sumOverflow) = i.addingReportingOverflow(product)
                guard !productOverflow, !sumOverflow else { return nil }
                i = sum
                let t = threshold(k, bias)
                if digit < t { break }
                let (weight, weightOverflow) = w.multipliedReportingOverflow(by: base - t)
                guard !weightOverflow else { return nil }
                w = weight
                k += base
            }
            let count = output.count + 1
            bias = adapt(i - oldI, count: count, first: first)
            first = false
            let (next, overflow) = n.addingReportingOverflow(i / count)
            guard !overflow, next <= 0x10FFFF, let scalar = Unicode.Scalar(UInt32(next)) else { return nil }
            n = next
            i %= count
            output.insert(scalar, at: i)
            i += 1
        }
        var result = ""
        result.unicodeScalars.append(contentsOf: output)
        return result
    }

    /// The Punycode form of `text` (without the `xn--` prefix), or nil on overflow.
    static func encode(_ text: String) -> String? {
        let input = text.unicodeScalars.map { Int($0.value) }
        var output = String(String.UnicodeScalarView(text.unicodeScalars.filter(\.isASCII)))
        let basicCount = output.unicodeScalars.count
        var handled = basicCount
        if basicCount > 0 { output += "-" }
        var n = 128
        var delta = 0
        var bias = 72
        while handled < input.count {
            guard let m = input.filter({ $0 >= n }).min() else { return nil }
            let (step, overflow) = (m - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow else { return nil }
            delta += step
            n = m
            for code in input {
                if code < n { delta += 1 }
                guard code == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = threshold(k, bias)
                    if q < t { break }
                    output.unicodeScalars.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.unicodeScalars.append(digit(q))
                bias = adapt(delta, count: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return output
    }

    private static func digit(_ value: Int) -> Unicode.Scalar {
        let code = value < 26 ? 97 + value : 22 + value
        return Unicode.Scalar(UInt8(clamping: code))
    }
}
