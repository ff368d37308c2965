import ConformHTTP
import ContractFuzz
import ContractKit
import JSONSchema
import Testing

/// What a valid request may look like, and what its answer must be: an optional body left out, a
/// 405's `Allow`, a client that accepts anything.
@Suite("Fuzzing verdicts on how a request is written", .serialized)
struct RequestShapeVerdictTests {
    static let optionalBody = #"""
        {"openapi": "3.0.3", "info": {"title": "Pets", "version": "1"},
         "paths": {"/pets": {"post": {"operationId": "addPet",
           "requestBody": {"content": {"application/json": {"schema": {"type": "object",
             "properties": {"name": {"type": "string"}}}}}},
           "responses": {"201": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                         "422": {"description": "invalid", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
        """#

    @Test("an optional body is left out of one valid request: a server that needs it breaks the description")
    func optionalBodyLeftOut() async throws {
        let run = try await LoopbackFuzz.run(
            Self.optionalBody, cases: 12, stateless: false,
            handler: allowing(["POST"]) { request in
                request.body.isEmpty ? jsonAnswer(422) : jsonAnswer(201)
            })
        let positive = run.findings.filter { $0.check == .positiveDataAcceptance }
        #expect(positive.count == 1, "\(run.described)")
        #expect(positive.first?.status == 422)
        #expect(positive.first?.curl?.contains("--data") == false)
    }

    static let twoMethods = #"""
        {"openapi": "3.0.3", "info": {"title": "Books", "version": "1"},
         "paths": {"/books": {
           "get": {"operationId": "listBooks", "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array"}}}}}},
           "post": {"operationId": "addBook", "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object"}}}},
             "responses": {"201": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                           "422": {"description": "bad", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
        """#

    @Test("a 405 whose Allow leaves out a method the description declares for the path is a finding")
    func allowListsDeclaredMethods() async throws {
        let run = try await LoopbackFuzz.run(Self.twoMethods, cases: 12, stateless: false) { request in
            switch request.method {
            case "GET": return jsonAnswer(200, "[]")
            case "POST":
                return (try? JSONParser.parse(request.body))?.objectValue != nil
                    ? jsonAnswer(201) : jsonAnswer(422)
            default: return HTTPResponse(status: 405, headers: ["Allow": "GET"])
            }
        }
        let method = run.findings.filter { $0.check == .unsupportedMethod }
        #expect(!method.isEmpty, "\(run.described)")
        #expect(method.allSatisfy { $0.message.contains("leaves out POST") })
    }

    static let image = #"""
        {"swagger": "2.0", "info": {"title": "Bin", "version": "1"},
         "paths": {"/image": {"get": {"operationId": "image", "produces": ["image/png", "image/jpeg"],
           "responses": {"200": {"description": "an image"}}}}}}
        """#

    @Test("a client that accepts anything (Accept: */*) must still get a declared answer")
    func acceptAnything() async throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let run = try await LoopbackFuzz.run(
            Self.image, cases: 12, stateless: false,
            handler: allowing(["GET"]) { request in
                guard request.headers["Accept"]?.contains("image/png") == true else {
                    return HTTPResponse(status: 406)
                }
                return HTTPResponse(status: 200, headers: ["Content-Type": "image/png"], body: png)
            })
        let positive = run.findings.filter { $0.check == .positiveDataAcceptance }
        #expect(positive.count == 1, "\(run.described)")
        #expect(positive.first?.status == 406)
    }
}
