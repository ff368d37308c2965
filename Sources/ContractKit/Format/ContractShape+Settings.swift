extension ContractShape {
    /// Checks turned on or off (or given accepted statuses), by check name.
    static let checks = ObjectShape(
        what: "\"checks\"",
        members: CheckName.allCases.map { .member($0.rawValue, .reference("checkSetting")) },
        allowsExtensions: false)

    /// One check's setting: `true`, `false`, or an object.
    static let checkSetting = ObjectShape(
        what: "a check setting",
        members: [
            .member("enabled", .boolean, default: true),
            .member("acceptedStatuses", .array(.integerRange(100...599))),
        ],
        allowsBoolean: true)

    /// How the API authenticates.
    static let auth = ObjectShape(
        what: "\"auth\"",
        members: [
            .member("description", .string),
            .required("schemes", .map(.reference("authScheme"))),
            .member(
                "security", .reference("security"),
                description: "The schemes every endpoint uses unless it names its own (default: all of them)."
            ),
            .member(
                "unauthenticatedStatuses", .array(.integerRange(400...499)),
                description:
                    "What a secured endpoint called without credentials may answer (default [401, 403])."),
        ],
        allowsExtensions: false)

    /// The types of security scheme, each with the members of ``authScheme`` it reads.
    static let authSchemeTypes = ["bearer", "basic", "apiKey", "unsupported"]

    /// One security scheme; which members mean something depends on its `type`.
    static let authScheme = ObjectShape(
        what: "a security scheme",
        members: [
            .required("type", .choice(authSchemeTypes)),
            .member(
                "scheme", .string,
                description: "what the scheme is (mutualTLS, HTTP digest …), for messages.",
                variants: ["unsupported"]),
            .member(
                "token", .string, description: "the token, e.g. {{env.API_TOKEN}}.", variants: ["bearer"]),
            .member("username", .string, description: "the user name.", variants: ["basic"]),
            .member("password", .string, description: "the password.", variants: ["basic"]),
            .member(
                "in", .choice(ContractAuth.Scheme.Location.allCases.map(\.rawValue)),
                description: "where the key goes.", variants: ["apiKey"]),
            .member(
                "name", .string, description: "the header, query parameter or cookie name.",
                variants: ["apiKey"]),
            .member("value", .string, description: "the key.", variants: ["apiKey"]),
            .member("description", .string),
        ],
        requiredWhen: (member: "type", value: "apiKey", required: ["in", "name"]))
}
