import ContractKit
import Foundation
import JSONSchema

/// `conform validate [--schema <schema.json>] [instance.json ...]`: validates documents against a
/// JSON Schema, or against a schema inside a contract (`restaurant.json#/schemas/MenuResponse`);
/// without a schema, it checks that each document reads (a quick JSON or YAML well-formedness check).
enum ValidateCommand {
    static let parser = ArgumentParser(
        command: "validate",
        overview:
            "Validate JSON documents against a JSON Schema 2020-12 (standard input when no file is given).",
        positionals: [
            .init(name: "instance", help: "JSON files to validate.", isRepeatable: true, isOptional: true)
        ],
        options: [schema.declaration, format.declaration, assertFormats.declaration])

    static let schema = Option<String?>.text(
        "schema", valueName: "file[#pointer]",
        help:
            "The schema file; a #/pointer selects a schema inside it (e.g. a contract's #/schemas/MenuItem). Without it, each document is only checked to be well-formed JSON (or YAML)."
    )
    static let format = Option<OutputFormat>.choice(
        "format", help: "Output: readable lines, or the standard \"basic\" output format.", default: .text)
    static let assertFormats = Flag(
        "assert-formats",
        help: "Treat \"format\" (date-time, email, uuid, ...) as an assertion, not an annotation.")

    /// `--format`: how results are printed.
    enum OutputFormat: String, Sendable, CaseIterable {
        case text, json
    }

    /// The typed command line of `conform validate`.
    struct Arguments {
        /// Nil: every well-formed document is valid (the schema `true`).
        var schema: String?
        var format: OutputFormat
        var assertsFormats: Bool
        var instances: [String]

        init(_ parsed: ParsedArguments) throws(ArgumentError) {
            schema = try parsed.value(of: ValidateCommand.schema)
            format = try parsed.value(of: ValidateCommand.format)
            assertsFormats = parsed.isSet(ValidateCommand.assertFormats)
            instances = parsed.positionals
        }
    }

    static func run(_ arguments: [String], console: Console, standardInput: @Sendable () -> Data) -> ExitCode
    {
        // The whole command runs where the deepest document it accepts fits, wherever it is
        // called from (tests call it in process on small threads): see `LargeStack`.
        LargeStack.run(depth: .max) {
            validate(arguments, console: console, standardInput: standardInput)
        }
    }

    private static func validate(_ arguments: [String], console: Console, standardInput: @Sendable () -> Data)
        -> ExitCode
    {
        let help =
            "EXIT CODES:\n  0  every document is valid\n  1  a document is invalid\n  2  usage error, or a schema or document that cannot be read"
        let options: Arguments
        switch parser.start(arguments, helpExtra: help, console: console, read: Arguments.init) {
        case .ready(let read): options = read
        case .exit(let code): return code
        }
        let schema: Schema
        let loaded =
            options.schema.map { loadSchema($0, assertsFormats: options.assertsFormats) } ?? anyDocument()
        switch loaded {
        case .success(let loaded): schema = loaded
        case .failure(let message):
            console.err("error: \(message)")
            return .usageOrContractError
        }
        // Each document is read when its turn comes: a valid JSON file from a mapping, its pages
        // dropped behind the reading; anything else straight into bytes, one document in memory
        // at a time (docs/benchmarks.md promises a peak of twice its size).
        let names = options.instances.isEmpty ? ["<stdin>"] : options.instances
        var worst = ExitCode.success
        for name in names {
            if options.instances.isEmpty == false, name != "-",
                isValidWhileMapped(name, schema: schema, options: options)
            {
                console.out("\(name): valid")
                continue
            }
            let input =
                (
                    name: name,
                    bytes: options.instances.isEmpty || name == "-"
                        ? Array(standardInput()) : FileBytes.read(atPath: name)
                )
            guard let bytes = input.bytes else {
                console.err(
                    "error: \(input.name): \(FileManager.default.fileExists(atPath: input.name) ? "cannot read the file" : "no such file")"
                )
                worst = .usageOrContractError
                continue
            }
            let code = check(input.name, bytes: bytes, schema: schema, options: options, console: console)
            if code == .usageOrContractError || worst == .success { worst = code }
        }
        return worst
    }

    /// Whether the JSON file `name` is valid, decided while it is read from a mapping (pages behind
    /// the reading dropped as it goes): the whole document is never resident at once. False when it
    /// is invalid, not JSON, YAML, or cannot be mapped: `check` then reads it and says why.
    private static func isValidWhileMapped(_ name: String, schema: Schema, options: Arguments) -> Bool {
        guard options.format == .text, let file = MappedFile(path: name),
            DocumentReader.Format.of(file: name, bytes: file.bytes) == .json
        else { return false }
        let valid = schema.isValidWhileReading(
            json: file.bytes, options: .init(allowsByteOrderMark: true),
            progress: { file.dropPages(before: $0) })
        return valid == true
    }

    /// Validates one document and prints its verdict: success, checkFailed, or usageOrContractError
    /// when it cannot be read.
    private static func check(
        _ name: String, bytes: [UInt8], schema: Schema, options: Arguments, console: Console
    ) -> ExitCode {
        // A valid JSON document needs no positions and no JSONValue: the tape decides alone.
        // One leading UTF-8 byte order mark is skipped, as in schemas and contracts (editors
        // on Windows write one); docs/json-reading.md lists what else is accepted.
        if options.format == .text, DocumentReader.Format.of(file: name, bytes: bytes) == .json,
            let tape = try? JSONTape.parse(bytes, options: .init(allowsByteOrderMark: true)),
            tape.duplicateKeys.isEmpty, schema.isValid(tape)
        {
            console.out("\(name): valid")
            return .success
        }
        let instance: JSONValue
        let sourceMap: JSONSourceMap
        do {
            let document = try DocumentReader.parseDocument(
                bytes, file: name == "-" ? nil : name,
                options: .init(allowsByteOrderMark: true, recordsPositions: true))
            instance = document.value
            sourceMap = document.sourceMap
            for duplicate in document.duplicateKeys {
                console.err("\(name):\(duplicate.again): warning: \(duplicate)")
            }
        } catch {
            console.err(
                "error: \(name):\(error.position.line):\(error.position.column): not valid \(error.format.rawValue): \(error.message)"
            )
            return .usageOrContractError
        }
        let result = schema.validate(instance)
        if options.format == .json {
            console.out(JSONSerializer(style: .pretty).string(result.basicOutput))
        } else if result.isValid {
            console.out("\(name): valid")
        } else {
            for error in result.errors {
                var place = name
                if let position = sourceMap.keyPosition(of: error.instanceLocation)
                    ?? sourceMap.position(of: error.instanceLocation)
                {
                    place += ":\(position.line):\(position.column)"
                }
                console.err(
                    "\(place): error: \(error.message) (at \(error.instanceLocation.displayText), schema \(error.keywordLocation.displayText))"
                )
            }
            console.out("\(name): invalid (\(Plural.count(result.errors.count, "error")))")
        }
        return result.isValid ? .success : .checkFailed
    }

    private enum Loaded {
        case success(Schema)
        case failure(String)
    }

    /// Without `--schema`: the schema `true`, so only reading the document can fail.
    private static func anyDocument() -> Loaded {
        do {
            return .success(try Schema(.bool(true)))
        } catch {
            return .failure("\(error)")
        }
    }

    private static func loadSchema(_ argument: String, assertsFormats: Bool) -> Loaded {
        var file = argument
        var fragment: String?
        if let hash = argument.firstIndex(of: "#") {
            file = String(argument[..<hash])
            fragment = String(argument[argument.index(after: hash)...])
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            return .failure(
                "\(file): \(FileManager.default.fileExists(atPath: file) ? "cannot read the schema file" : "no such file")"
            )
        }
        let document: JSONValue
        do {
            document = try DocumentReader.parse(
                Array(data), file: file, options: .init(allowsByteOrderMark: true))
        } catch {
            return .failure(
                "\(file):\(error.position.line):\(error.position.column): schema is not valid \(error.format.rawValue): \(error.message)"
            )
        }
        let baseURI = URL(fileURLWithPath: file).standardizedFileURL.absoluteString
        let options = SchemaOptions(assertsFormats: assertsFormats)
        do {
            if let fragment {
                guard let pointer = JSONPointer(fragment), pointer.resolve(in: document) != nil else {
                    return .failure("\(file): '#\(fragment)' does not point at a value in the file")
                }
                return .success(
                    try Schema(document: document, at: pointer, baseURI: baseURI, options: options))
            }
            return .success(try Schema(document, baseURI: baseURI, options: options))
        } catch {
            return .failure("\(file): \(error)")
        }
    }
}
