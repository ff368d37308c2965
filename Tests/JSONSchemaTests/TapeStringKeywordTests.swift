import ConformTestSupport
import Testing

@testable import JSONSchema

/// String keywords on the tape read the string's decoded bytes: an escaped instance is compared
/// with `enum`/`const`, matched by `pattern`, counted by lengths and checked by `format` as its
/// decoded text, exactly as the `JSONValue` evaluator does; URIs are judged on bytes as
/// `URIFormat` judges the `String`.
@Suite("Tape string keywords")
struct TapeStringKeywordTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let schema: String
        let instance: String
        let valid: Bool
        var testDescription: String { "\(schema) on \(instance)" }
    }

    static let cases: [Case] = [
        // `enum` and `const`: escaped spellings of the schema's text, and near misses.
        .init(
            schema: #"{"enum": ["Entrées", "Plats \"maison\"", "a\\b", "😀"]}"#, instance: #""Entr\u00e9es""#,
            valid: true),
        .init(
            schema: #"{"enum": ["Entrées", "Plats \"maison\"", "a\\b", "😀"]}"#,
            instance: #""Plats \"maison\"""#, valid: true),
        .init(
            schema: #"{"enum": ["Entrées", "Plats \"maison\"", "a\\b", "😀"]}"#, instance: #""a\u005cb""#,
            valid: true),
        .init(
            schema: #"{"enum": ["Entrées", "Plats \"maison\"", "a\\b", "😀"]}"#, instance: #""\ud83d\ude00""#,
            valid: true),
        .init(
            schema: #"{"enum": ["Entrées", "Plats \"maison\"", "a\\b", "😀"]}"#, instance: #""Entr\u00e9e""#,
            valid: false),
        .init(
            schema: #"{"enum": ["Entrées", "Plats \"maison\"", "a\\b", "😀"]}"#,
            instance: #""Plats \"Maison\"""#, valid: false),
        .init(schema: #"{"enum": ["Entrées", 1]}"#, instance: #""Entr\u00e9es""#, valid: true),
        .init(schema: #"{"enum": ["Entrées", 1]}"#, instance: "1.0", valid: true),
        .init(schema: #"{"const": "é"}"#, instance: #""e\u0301""#, valid: false),
        // `pattern` on the decoded text, non-ASCII classes included.
        .init(schema: #"{"pattern": "^\"[^\"]+\"$"}"#, instance: #""\"quoted\"""#, valid: true),
        .init(schema: #"{"pattern": "^\\S(.*\\S)?$"}"#, instance: #""Caf\u00e9 \u2713""#, valid: true),
        .init(schema: #"{"pattern": "^\\S(.*\\S)?$"}"#, instance: #""Caf\u00e9 \u2713\u00a0""#, valid: false),
        .init(schema: #"{"pattern": "^[^\\u0000-\\u001F]+$"}"#, instance: #""tab\there""#, valid: false),
        .init(schema: #"{"pattern": "^[^\\u0000-\\u001F]+$"}"#, instance: #""végétarien ✓""#, valid: true),
        .init(schema: #"{"pattern": "^.$"}"#, instance: #""\ud83d\ude00""#, valid: true),
        // Lengths count scalars of the decoded text: a surrogate pair is one.
        .init(schema: #"{"maxLength": 1}"#, instance: #""\ud83d\ude00""#, valid: true),
        .init(schema: #"{"minLength": 2}"#, instance: #""\ud83d\ude00""#, valid: false),
        .init(schema: #"{"minLength": 3, "maxLength": 3}"#, instance: #""\"\\\/""#, valid: true),
        // `format` on decoded text: escaped slashes make a valid URI.
        .init(
            schema: #"{"format": "uri"}"#, instance: #""https:\/\/cdn.example.com\/images\/caf%C3%A9.png""#,
            valid: true),
        .init(
            schema: #"{"format": "uri"}"#, instance: #""https:\/\/cdn.example.com\/caf\u00e9""#, valid: false),
        .init(
            schema: #"{"format": "iri"}"#, instance: #""https:\/\/cdn.example.com\/caf\u00e9""#, valid: true),
        .init(schema: #"{"format": "date-time"}"#, instance: #""2026-11-05T05:30:00Z""#, valid: true),
        .init(schema: #"{"format": "date-time"}"#, instance: #""2026-02-30T05:30:00Z""#, valid: false),
    ]

    @Test("escaped instances meet enum, pattern, lengths and format as their decoded text", arguments: cases)
    func decodedComparisons(_ example: Case) throws {
        let schema = try Schema(
            try JSONParser.parse(example.schema), options: SchemaOptions(assertsFormats: true))
        let bytes = Array(example.instance.utf8)
        let tape = try JSONTape.parse(bytes)
        #expect(schema.isValid(tape) == example.valid)
        #expect(schema.validate(try JSONParser.parse(bytes)).isValid == example.valid)
        // Inside a document too, so the decoded buffer is reused across values.
        let array = Array("[\(example.instance), \(example.instance), \"plain\"]".utf8)
        let items = try Schema(
            try JSONParser.parse(#"{"prefixItems": [\#(example.schema), \#(example.schema)]}"#),
            options: SchemaOptions(assertsFormats: true))
        #expect(items.isValid(try JSONTape.parse(array)) == example.valid)
    }

    /// URI-like texts: every delimiter, percent escapes good and bad, IP literals, ports,
    /// relative references, and characters URIs do not allow.
    static func uriTexts() -> [String] {
        var texts = [
            "https://cdn.example.com/images/1.png", "http://user:pw@host:8080/p?q=1#f", "urn:isbn:0451450523",
            "mailto:a@b.c", "//host/path", "/images/UE0AAAAACEKo+QAAAAVDSVRN", "a:b", "./a:b", "a/b:c", ":x",
            "1http://x", "http://[::1]:80/", "http://[v1.x]/", "http://host:80a/", "http://h%4/",
            "http://h%41/",
            "http://a b/", "http://x/<>", "http://x/\"", "", "#frag", "?q", "http://x/?#?", "http://x@y@z/",
            "HTTP://EXAMPLE.COM", "http://é.example/", "x:\r\n", "s+-.:", "http://host:/",
        ]
        var random = SplitMix64(state: 2_028)
        let alphabet = Array("ab9:/?#[]@!$&'()*+,;=%-._~ \"<>é4F")
        for _ in 0..<3_000 {
            texts.append(String((0..<random.below(14)).map { _ in alphabet[random.below(alphabet.count)] }))
        }
        // Whole URLs with one or two bytes changed, dropped or added: the one-pass reading of the
        // usual shape must hand back exactly what the component checks decide.
        let urls = [
            "https://cdn.example.com/images/1-caf%C3%A9.png", "http://host:8080/a/b?q=1&r=2#frag",
            "ftp://x.y/z;type=a", "https://a.b/p?q#f", "mailto:a@b.c", "s://h/p%2F?x=%41#y?z",
        ]
        let edits = Array("ab9:/?#[]@%-._~ é4F\u{1}")
        for _ in 0..<3_000 {
            var text = Array(urls[random.below(urls.count)])
            for _ in 0..<(1 + random.below(2)) {
                let position = random.below(text.count)
                switch random.below(3) {
                case 0: text[position] = edits[random.below(edits.count)]
                case 1: text.remove(at: position)
                default: text.insert(edits[random.below(edits.count)], at: position)
                }
            }
            texts.append(String(text))
        }
        return texts + urls
    }

    @Test("uri, uri-reference, iri and iri-reference on bytes agree with URIFormat")
    func uriAgreement() {
        for var text in Self.uriTexts() {
            for format in [SchemaFormat.uri, .uriReference, .iri, .iriReference] {
                let onBytes = text.withUTF8 { TapeFormat.accepts(format, $0) }
                #expect(onBytes == format.accepts(text), "\(format.rawValue) on \(text.debugDescription)")
            }
        }
    }

    /// Dates and times: valid ones of every kind, then seeded edits of them (digits changed,
    /// bytes dropped or added, separators swapped).
    static func dateTexts() -> [String] {
        let valid = [
            "2026-11-05T05:30:00Z", "2024-02-29T23:59:60Z", "2023-02-29T00:00:00Z",
            "1990-12-31T15:59:60-08:00",
            "2026-01-01t00:00:00.123456z", "2026-06-30T12:00:00+14:00", "2026-04-31", "2000-02-29",
            "1900-02-29",
            "23:59:60Z", "12:30:45.5+05:30", "00:00:00", "2026-11-05 05:30:00Z",
        ]
        // Each field just past its range, and the shapes that are not dates at all.
        var texts =
            valid + [
                "2026-11-00", "2026-00-10", "2026-13-01", "24:00:00Z", "23:60:00Z", "23:59:61Z",
                "12:00:00+24:00",
                "12:00:00+05:60", "12:00:00.Z", "12:00:00", "2026-11-05T05:30:00", "2026-11-05T", "2026-1-05",
            ]
        var random = SplitMix64(state: 3_339)
        let alphabet = Array("0123456789-:T.Zz+ x")
        for _ in 0..<4_000 {
            var text = Array(valid[random.below(valid.count)])
            for _ in 0..<(1 + random.below(2)) {
                let position = random.below(text.count)
                switch random.below(3) {
                case 0: text[position] = alphabet[random.below(alphabet.count)]
                case 1: text.remove(at: position)
                default: text.insert(alphabet[random.below(alphabet.count)], at: position)
                }
            }
            texts.append(String(text))
        }
        return texts
    }

    @Test("date, time and date-time on bytes agree with DateTimeFormat")
    func dateAgreement() {
        for var text in Self.dateTexts() {
            for format in [SchemaFormat.dateTime, .date, .time] {
                let onBytes = text.withUTF8 { TapeFormat.accepts(format, $0) }
                #expect(onBytes == format.accepts(text), "\(format.rawValue) on \(text.debugDescription)")
            }
        }
    }
}
