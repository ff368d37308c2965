extension ContractShape {
    /// One example of an endpoint: a request to send and what to expect, capture and assert.
    static let example = ObjectShape(
        what: "an example",
        members: [
            .required("name", .string),
            .member("description", .string),
            .member("pathParameters", .object),
            .member("query", .object),
            .member("headers", .map(.string)),
            .member("body", .any),
            .member("rawBody", .string),
            .member("contentType", .string),
            .member("expect", .shape(expect)),
            .member("capture", .map(.reference("capture"))),
            .member("assert", .array(.reference("assertion"))),
        ],
        exclusive: ["body", "rawBody"])

    /// What an example expects.
    static let expect = ObjectShape(
        what: "\"expect\"", members: [.member("status", .integerRange(100...599))])

    /// A capture written as an object (a capture may also be a bare pointer string).
    static let capture = ObjectShape(
        what: "a capture",
        members: [
            .member("pointer", .reference("pointer")),
            .member("header", .string),
            .member("regex", .string),
        ],
        exactlyOne: ["pointer", "header"])

    /// One assertion on a response body: a path and exactly one operator.
    static let assertion = ObjectShape(
        what: "an assertion",
        members: [
            .required("path", .reference("pointer")),
            .member("equals", .any),
            .member("notEmpty", .constant(true)),
            .member("unique", .constant(true)),
            .member(
                "in",
                .conditional(
                    if: ["type": "string"], then: .fragment(["pattern": #"\{\{"#]),
                    else: .fragment(["type": "array"]))),
            .member("matches", .string),
            .member("exists", .boolean),
        ],
        exactlyOne: assertionOperators)

    /// An assertion's operators, of which it has exactly one.
    static let assertionOperators = ["equals", "notEmpty", "unique", "in", "matches", "exists"]
}
