import ContractKit

/// Options every command that loads a contract shares, declared once.
enum ContractOptions {
    /// The `<contract>` argument, which takes a contract, an OpenAPI or Swagger description, or a URL.
    static let contract = ArgumentParser.Positional(
        name: "contract", help: "The contract or description: a file, or an http(s):// URL.")

    static let strict = Flag(
        "strict",
        help:
            "Refuse a description with defects: broken examples, slips read as meant, parts that cannot be loaded (by default each is a warning and only the part is left out)."
    )

    /// `--formats`: whether `format` fails a value or only describes it.
    enum FormatsMode: String, Sendable, CaseIterable {
        case assert, annotate
    }

    static let formats = Option<FormatsMode?>.choice(
        "formats",
        help:
            "Whether `format` (date-time, uuid, email …) fails a value or only describes it (default: the contract's assertFormats; assert for OpenAPI)."
    )
}
