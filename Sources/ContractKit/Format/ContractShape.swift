import JSONSchema

/// The contract format, declared once: every object a contract holds, with its members, their
/// kinds, which are required, what they mean and which values they allow.
///
/// Three things are derived from it and nothing else states the shape again: the decoder's key
/// checks and messages (``ObjectReader`` reads each object with its shape: missing keys, wrong
/// kinds, unknown keys with a did-you-mean), the auth decoder's key lists, and the format schema
/// shipped as `docs/contract-format.schema.json` (``ContractFormatSchema``, which a test keeps
/// identical to this declaration rendered). Adding a key to the format means adding it here and
/// reading it in ``ContractDecoder``.
enum ContractShape {
    /// The contract itself, the document's root.
    static let root = ObjectShape(
        what: "a contract", within: "the contract",
        members: [
            .member(
                "$schema", .string,
                description:
                    "For editors: \"urn:conform:contract-format:1\" or a path to docs/contract-format.schema.json. Conform checks it and otherwise ignores it."
            ),
            .required(
                "conform", .constant(1), description: "The contract format version.",
                missingHint: "the contract format version; use 1"),
            .required("name", .string),
            .required("version", .string, description: "The version of the API the contract describes."),
            .member("description", .string),
            .member("baseURL", .pattern("^https?://")),
            .member("latencyBudgetMs", .reference("latencyBudget")),
            .member("assertFormats", .boolean, default: false),
            .member("checks", .reference("checks")),
            .member("schemas", .map(.reference("schema"))),
            .required("endpoints", .array(.reference("endpoint"))),
            .member("auth", .reference("auth")),
        ])

    /// The format's named parts, under `$defs` of the format schema, in the order it lists them.
    static let definitions: [MemberShape] = [
        .member(
            "schema", .fragment(["type": ["object", "boolean"]]),
            comment: "A JSON Schema 2020-12; the linter checks it against the meta-schema."),
        .member(
            "latencyBudget", .positiveInteger,
            description: "Milliseconds a response may take before max_response_time reports it."),
        .member("pointer", .pattern(pointerPattern), description: "A JSON pointer (RFC 6901)."),
        .member(
            "mediaType",
            .pattern(#"^[ \t]*[-!#$%&'*+.^_`|~0-9A-Za-z]+/[-!#$%&'*+.^_`|~0-9A-Za-z]+[ \t]*(;.*)?$"#)),
        .member("checks", .shape(checks)),
        .member("checkSetting", .shape(checkSetting)),
        .member("endpoint", .shape(endpoint)),
        .member(
            "security",
            .fragment([
                "anyOf": [
                    ["type": "array", "items": ["type": "string"]],
                    ["type": "array", "items": ["type": "array", "items": ["type": "string"]]],
                ]
            ]),
            description:
                "Scheme names presented together, or alternatives (any one lets a call through), each a list of names; [] or an empty alternative allows calls without credentials."
        ),
        .member(
            "auth", .shape(auth),
            description:
                "How the API authenticates. Credentials are usually {{env.NAME}} templates, or given with --auth scheme=value."
        ),
        .member("authScheme", .shape(authScheme)),
        .member("parameters", .shape(parameters)),
        .member("parameter", .shape(parameter)),
        .member("request", .shape(request)),
        .member("responses", .fragment(responses)),
        .member("response", .shape(response)),
        .member("header", .shape(header)),
        .member("example", .shape(example)),
        .member(
            "capture",
            .conditional(if: ["type": "string"], then: .reference("pointer"), else: .shape(capture))),
        .member("assertion", .shape(assertion)),
    ]

    /// The definition called `name`.
    static func definition(_ name: String) -> MemberShape? { definitions.first { $0.name == name } }

    /// An RFC 6901 JSON pointer, as a pattern.
    static let pointerPattern = "^(/([^~]|~[01])*)?$"

    /// The HTTP methods an endpoint may declare, in any case.
    static let methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    /// ``methods`` as a pattern matching any case (`get`, `Get`).
    static var methodPattern: String {
        let alternatives = methods.map { method in
            method.map { "[\($0)\($0.lowercased())]" }.joined()
        }
        return "^(" + alternatives.joined(separator: "|") + ")$"
    }

    /// ``methods`` for a person: `GET, HEAD … or OPTIONS`.
    static var methodList: String {
        methods.dropLast().joined(separator: ", ") + " or " + (methods.last ?? "")
    }
}
