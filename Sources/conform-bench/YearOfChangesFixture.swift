import JSONSchema

/// Two versions of a large OpenAPI 3.1 description a year apart, in the shape of a chat platform's
/// public description: a few core schemas (a user, a member, a message, an embed) referenced from
/// hundreds of operations, several times each, so that one edit to a core schema is felt at
/// thousands of places, as in the real year of changes issue #36 measured (72 schema places,
/// 26,612 error lines before changes were reported once).
///
/// Written in the idioms of such descriptions: enums as `oneOf` of `const` alternatives with
/// titles, nullable references as `oneOf: [{type: "null"}, {$ref}]`, `type: [T, "null"]`, numeric
/// bounds spelled out beside `int32`/`int64`. The later version carries a year of realistic edits:
/// enum values and optional properties added, a union made nullable, restatements that accept the
/// same values (`type: object` beside object alternatives, an `allOf` extension, a boolean's
/// `enum: [true, false]` dropped, `format: int32` added inside declared bounds), a few real breaks.
enum YearOfChangesFixture {
    /// About 1.2 MB each with the default number of families.
    static func description(families: Int = 140, revised: Bool) -> JSONValue {
        var schemas = coreSchemas(revised: revised)
        var paths = JSONObject()
        for family in 0..<families {
            for member in familySchemas(family, revised: revised).members {
                schemas[member.key] = member.value
            }
            for member in familyPaths(family, revised: revised).members { paths[member.key] = member.value }
        }
        return [
            "openapi": "3.1.0",
            "info": ["title": "Chat platform", "version": revised ? "10.1" : "10.0"],
            "paths": .object(paths), "components": ["schemas": .object(schemas)],
        ]
    }

    static func ref(_ name: String) -> JSONValue { ["$ref": .string("#/components/schemas/\(name)")] }

    static func nullable(_ name: String) -> JSONValue { ["oneOf": [["type": "null"], ref(name)]] }

    static func arrayOf(_ item: JSONValue, nullable: Bool = false) -> JSONValue {
        ["type": nullable ? ["array", "null"] : "array", "items": item]
    }

    /// An integer enum as `oneOf` of titled `const` alternatives.
    static func constEnum(_ titles: [String], from first: Int = 0) -> JSONValue {
        let options = titles.enumerated().map { index, title -> JSONValue in
            [
                "title": .string(title), "description": .string("The \(title.lowercased()) kind."),
                "const": .number(JSONNumber(first + index)),
            ]
        }
        return ["type": "integer", "oneOf": .array(options), "format": "int32"]
    }

    static func object(_ properties: [(String, JSONValue)], required: [String]) -> JSONValue {
        [
            "type": "object", "properties": .object(JSONObject(properties)),
            "required": .array(required.map { .string($0) }),
        ]
    }

    static let int32: JSONValue = ["type": "integer", "format": "int32"]
    static let text: JSONValue = ["type": "string"]
    static let optionalText: JSONValue = ["type": ["string", "null"]]
    static let flag: JSONValue = ["type": "boolean"]
    static let timestamp: JSONValue = ["type": "string", "format": "date-time"]

    private static func coreSchemas(revised: Bool) -> JSONObject {
        var kinds = (0..<34).map { "KIND_\($0)" }
        if revised { kinds += (34..<39).map { "KIND_\($0)" } }
        var userProperties: [(String, JSONValue)] = [
            ("id", ref("SnowflakeType")), ("username", text), ("discriminator", text),
            ("avatar", optionalText),
            ("public_flags", int32), ("flags", ["type": "integer", "format": "int64"]), ("bot", flag),
            ("system", flag), ("banner", optionalText),
            ("accent_color", ["type": ["integer", "null"], "format": "int32"]),
            ("global_name", optionalText), ("premium_type", ref("PremiumTypes")),
        ]
        if revised {
            userProperties += [
                ("avatar_decoration_data", nullable("AvatarDecorationResponse")),
                ("clan", nullable("ClanResponse")),
                ("primary_guild", nullable("ClanResponse")),
            ]
        }
        var messageProperties: [(String, JSONValue)] = [
            ("type", ref("MessageType")), ("content", text), ("mentions", arrayOf(ref("UserResponse"))),
            ("mention_roles", arrayOf(ref("SnowflakeType"))),
            ("attachments", arrayOf(ref("AttachmentResponse"))),
            ("embeds", arrayOf(ref("EmbedResponse"))), ("timestamp", timestamp),
            ("edited_timestamp", ["type": ["string", "null"], "format": "date-time"]), ("flags", int32),
            ("components", arrayOf(components(revised: revised))), ("id", ref("SnowflakeType")),
            ("channel_id", ref("SnowflakeType")), ("author", ref("UserResponse")), ("pinned", flag),
            ("tts", flag), ("thread", nullable("ThreadResponse")),
            (
                "nonce",
                [
                    "oneOf": [
                        [
                            "type": "integer", "minimum": -9_223_372_036_854_775_808,
                            "maximum": 9_223_372_036_854_775_807, "format": "int64",
                        ],
                        ["type": "string", "maxLength": 25, "format": "nonce"], ["type": "null"],
                    ]
                ]
            ),
            (
                "interaction_metadata",
                [
                    "oneOf": .array(
                        [ref("CommandMetadataResponse"), ref("ComponentMetadataResponse")]
                            + (revised ? [["type": "null"]] : []))
                ]
            ),
            ("reactions", arrayOf(ref("ReactionResponse"), nullable: true)),
        ]
        if revised { messageProperties.append(("poll", nullable("PollResponse"))) }
        var basic = messageProperties
        messageProperties.append(("referenced_message", nullable("BasicMessageResponse")))
        basic.removeAll { $0.0 == "thread" }
        let messageRequired = [
            "type", "content", "mentions", "attachments", "embeds", "timestamp", "flags", "id", "channel_id",
            "author", "pinned", "tts",
        ]
        var schemas = JSONObject()
        schemas["SnowflakeType"] = ["type": "string", "pattern": "^(0|[1-9][0-9]*)$", "format": "snowflake"]
        schemas["MessageType"] = constEnum(kinds)
        schemas["PremiumTypes"] = constEnum(["NONE", "TIER_1", "TIER_2", "TIER_0"])
        schemas["UserResponse"] = object(
            userProperties, required: ["id", "username", "discriminator", "public_flags", "flags"])
        schemas["GuildMemberResponse"] = object(
            [
                ("user", ref("UserResponse")), ("nick", optionalText),
                ("roles", arrayOf(ref("SnowflakeType"))),
                ("joined_at", timestamp), ("deaf", flag), ("mute", flag), ("flags", int32), ("pending", flag),
                ("communication_disabled_until", ["type": ["string", "null"], "format": "date-time"]),
            ], required: ["user", "roles", "joined_at", "deaf", "mute", "flags"])
        schemas["MessageResponse"] = object(messageProperties, required: messageRequired)
        schemas["BasicMessageResponse"] = object(basic, required: messageRequired)
        schemas["ThreadResponse"] = object(
            [
                ("id", ref("SnowflakeType")), ("name", text), ("owner_id", ref("SnowflakeType")),
                ("member_count", int32), ("message_count", int32), ("owner", nullable("GuildMemberResponse")),
                ("archived", flag), ("locked", flag),
                ("applied_tags", arrayOf(ref("SnowflakeType"), nullable: true)),
            ], required: ["id", "name", "owner_id"])
        schemas["EmbedResponse"] = object(
            [
                ("title", text), ("type", text), ("description", text),
                ("url", ["type": "string", "format": "uri"]),
                ("timestamp", timestamp), ("color", int32),
                (
                    "footer",
                    object(
                        [("text", text), ("icon_url", ["type": "string", "format": "uri"])],
                        required: ["text"])
                ),
                (
                    "fields",
                    arrayOf(
                        object(
                            [("name", text), ("value", text), ("inline", flag)],
                            required: ["name", "value", "inline"]))
                ),
            ], required: ["type"])
        schemas["AttachmentResponse"] = object(
            [
                ("id", ref("SnowflakeType")), ("filename", text), ("size", int32),
                ("url", ["type": "string", "format": "uri"]),
                ("content_type", text), ("width", ["type": ["integer", "null"], "format": "int32"]),
                ("ephemeral", flag), ("duration_secs", ["type": "number", "format": "double"]),
            ], required: ["id", "filename", "size", "url"])
        schemas["ReactionResponse"] = object(
            [
                ("count", int32), ("me", flag),
                (
                    "emoji",
                    object(
                        [
                            ("id", ["oneOf": [["type": "null"], ref("SnowflakeType")]]),
                            ("name", optionalText),
                        ], required: [])
                ),
            ], required: ["count", "me", "emoji"])
        schemas["CommandMetadataResponse"] = object(
            [
                ("id", ref("SnowflakeType")), ("type", ["type": "integer", "const": 2, "format": "int32"]),
                ("user", ref("UserResponse")),
            ], required: ["id", "type", "user"])
        schemas["ComponentMetadataResponse"] = object(
            [
                ("id", ref("SnowflakeType")), ("type", ["type": "integer", "const": 3, "format": "int32"]),
                ("user", ref("UserResponse")), ("interacted_message_id", ref("SnowflakeType")),
            ], required: ["id", "type", "user"])
        if revised {
            schemas["AvatarDecorationResponse"] = object(
                [("asset", text), ("sku_id", ref("SnowflakeType"))], required: ["asset"])
            schemas["ClanResponse"] = object(
                [
                    ("identity_guild_id", ref("SnowflakeType")), ("tag", optionalText),
                    ("badge", optionalText),
                ], required: [])
            schemas["PollResponse"] = object(
                [
                    ("question", object([("text", text)], required: [])), ("expiry", timestamp),
                    ("allow_multiselect", flag),
                ], required: ["question"])
        }
        return schemas
    }

    /// The items of a message's `components`: alternatives of object shapes, to which the later
    /// version adds the `type: object` they already imply.
    private static func components(revised: Bool) -> JSONValue {
        let row = object(
            [("type", ["type": "integer", "const": 1, "format": "int32"]), ("id", int32)], required: ["type"])
        let button = object(
            [
                ("type", ["type": "integer", "const": 2, "format": "int32"]), ("label", optionalText),
                ("custom_id", text),
            ], required: ["type"])
        var value = JSONObject([("oneOf", [row, button])])
        if revised { value["type"] = "object" }
        return .object(value)
    }
}
