import Foundation
import HTTPTypes
import OpenAPIRuntime
import PetStoreAPI
import Testing

/// The generated client's own coding rules and calls, so every finding is checked against what
/// the client really does with a payload.
enum ClientRules {
    /// The package's root folder: contract paths in these tests start there.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let description = root.appendingPathComponent("Sources/PetStoreAPI/openapi.yaml").path
    static func next(_ name: String) -> String {
        root.appendingPathComponent("Tests/PetStoreTests/Descriptions/\(name)").path
    }

    /// Decodes `Model` as the runtime's converter does for a JSON body: a `JSONDecoder` whose dates
    /// go through the configuration's `DateTranscoder` (OpenAPIRuntime `Converter.init`); base64
    /// data, `oneOf` and `additionalProperties` live in the generated types' own `init(from:)`.
    static func decode<Model: Decodable>(_ type: Model.Type, with configuration: Configuration)
        -> @Sendable (Data) throws -> Model
    {
        let transcoder = configuration.dateTranscoder
        return { data in
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .custom { decoder in
                try transcoder.decode(try decoder.singleValueContainer().decode(String.self))
            }
            return try decoder.decode(Model.self, from: data)
        }
    }

    /// What the generated client makes of `payload` as the 200 response of `getPet`: the pet, or
    /// the error the client throws.
    static func getPet(answering payload: String, configuration: Configuration) async throws
        -> Components.Schemas.Pet
    {
        let client = Client(
            serverURL: try #require(URL(string: "http://pets.invalid/v1")), configuration: configuration,
            transport: CannedTransport(body: Array(payload.utf8)))
        return try await client.getPet(path: .init(petId: 1)).ok.body.json
    }
}

/// A transport that answers every request with one JSON body, so a test hands the generated
/// client exactly the bytes a server would send.
struct CannedTransport: ClientTransport {
    var body: [UInt8]

    func send(_ request: HTTPRequest, body requestBody: HTTPBody?, baseURL: URL, operationID: String)
        async throws -> (HTTPResponse, HTTPBody?)
    {
        var response = HTTPResponse(status: .ok)
        response.headerFields[.contentType] = "application/json"
        return (response, HTTPBody(body))
    }
}

/// The fix a team reaches for once the fuzzer shows dates the default rules cannot read: an
/// RFC 3339 reader for every spelling `format: date-time` allows (fractional seconds of any
/// length, `t`/`z` in lower case, numeric offsets, a leap second read as the second before).
struct RFC3339DateTranscoder: DateTranscoder {
    func encode(_ date: Date) throws -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true))
    }

    func decode(_ text: String) throws -> Date {
        let pattern =
            #/^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|([+-])(\d{2}):(\d{2}))$/#
        guard let match = text.wholeMatch(of: pattern) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "not RFC 3339: \(text)"))
        }
        var components = DateComponents()
        components.calendar = Calendar(identifier: .gregorian)
        components.year = Int(match.1)
        components.month = Int(match.2)
        components.day = Int(match.3)
        components.hour = Int(match.4)
        components.minute = Int(match.5)
        components.second = min(Int(match.6) ?? 0, 59)
        var offset = 0
        if let sign = match.9, let hours = Int(match.10 ?? ""), let minutes = Int(match.11 ?? "") {
            offset = (hours * 3600 + minutes * 60) * (sign == "-" ? -1 : 1)
        }
        components.timeZone = TimeZone(secondsFromGMT: offset)
        guard let whole = components.date else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "no such date: \(text)"))
        }
        let fraction = match.7.flatMap { Double("0" + $0) } ?? 0
        return whole.addingTimeInterval(fraction)
    }
}
