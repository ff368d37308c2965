/// The `format` values this validator can assert, with their checks.
///
/// Formats are annotations unless `SchemaOptions.assertsFormats` is on (or the meta-schema enables
/// the format-assertion vocabulary); unknown formats are always ignored, as the specification asks.
enum SchemaFormat: String, Sendable {
    case dateTime = "date-time"
    case date
    case time
    case duration
    case email
    case idnEmail = "idn-email"
    case hostname
    case idnHostname = "idn-hostname"
    case ipv4
    case ipv6
    case uri
    case uriReference = "uri-reference"
    case iri
    case iriReference = "iri-reference"
    case uriTemplate = "uri-template"
    case uuid
    case regex
    case jsonPointer = "json-pointer"
    case relativeJSONPointer = "relative-json-pointer"

    func accepts(_ text: String) -> Bool {
        switch self {
        case .dateTime: return DateTimeFormat.isDateTime(text)
        case .date: return DateTimeFormat.isDate(text)
        case .time: return DateTimeFormat.isTime(text)
        case .duration: return DateTimeFormat.isDuration(text)
        case .email: return NetworkFormat.isEmail(text, international: false)
        case .idnEmail: return NetworkFormat.isEmail(text, international: true)
        case .hostname: return NetworkFormat.isHostname(text, international: false)
        case .idnHostname: return NetworkFormat.isHostname(text, international: true)
        case .ipv4: return NetworkFormat.isIPv4(text)
        case .ipv6: return NetworkFormat.isIPv6(text)
        case .uri: return URIFormat.isURI(text, reference: false, international: false)
        case .uriReference: return URIFormat.isURI(text, reference: true, international: false)
        case .iri: return URIFormat.isURI(text, reference: false, international: true)
        case .iriReference: return URIFormat.isURI(text, reference: true, international: true)
        case .uriTemplate: return URIFormat.isURITemplate(text)
        case .uuid: return Self.isUUID(text)
        case .regex: return ECMARegex.isECMAScript(text) && ECMARegex.isCompilable(text)
        case .jsonPointer: return JSONPointer(text) != nil
        case .relativeJSONPointer: return Self.isRelativePointer(text)
        }
    }

    private static func isUUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (position, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(position) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else if !byte.isHexDigit {
                return false
            }
        }
        return true
    }

    private static func isRelativePointer(_ text: String) -> Bool {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits == "0" || !digits.hasPrefix("0") else { return false }
        let rest = text.dropFirst(digits.count)
        return rest == "#" || JSONPointer(String(rest)) != nil
    }
}

extension UInt8 {
    var isHexDigit: Bool {
        (48...57).contains(self) || (65...70).contains(self) || (97...102).contains(self)
    }

    var isDigit: Bool { (48...57).contains(self) }
}
