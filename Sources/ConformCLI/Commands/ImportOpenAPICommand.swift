import ContractKit
import Foundation
import JSONSchema

/// `conform import-openapi <openapi.json> [-o Contracts/<name>.json] [--force]`: writes the contract
/// equivalent to an OpenAPI 3.0/3.1 document, so a team can keep it, add assertions and captures,
/// and review what the conversion could not map (printed as warnings).
enum ImportOpenAPICommand {
    static let parser = ArgumentParser(
        command: "import-openapi",
        overview:
            "Convert an OpenAPI 3.0/3.1 or Swagger 2.0 description (a file or a URL) into a contract file.",
        positionals: [
            .init(name: "openapi", help: "The description (JSON or YAML): a file, or an http(s):// URL.")
        ],
        options: [output.declaration, force.declaration])

    static let output = Option<String?>.text(
        "output", short: "o", valueName: "file",
        help: "Where to write the contract (default: Contracts/<file-stem>.json).")
    static let force = Flag("force", help: "Overwrite the output file if it exists.")

    static func run(_ arguments: [String], console: Console) async -> ExitCode {
        let help =
            "EXIT CODES:\n  0  the contract was written (warnings list what is not mapped)\n  2  usage error, an unreadable or invalid document, or an existing output without --force"
        let (input, chosen, overwrites): (String, String?, Bool)
        switch parser.start(
            arguments, helpExtra: help, console: console,
            read: { parsed throws(ArgumentError) in
                (parsed.positionals[0], try parsed.value(of: Self.output), parsed.isSet(force))
            })
        {
        case .ready(let read): (input, chosen, overwrites) = read
        case .exit(let code): return code
        }
        let output = chosen ?? defaultOutput(for: input)
        let isURL = DescriptionFetcher.isURL(input)
        if !isURL,
            URL(fileURLWithPath: output).standardizedFileURL
                == URL(fileURLWithPath: input).standardizedFileURL
        {
            console.err("error: \(output) is the OpenAPI document itself; choose another output with -o")
            return .usageOrContractError
        }
        if FileManager.default.fileExists(atPath: output) && !overwrites {
            console.err("error: \(output) already exists; pass --force to overwrite it")
            return .usageOrContractError
        }
        guard let bytes = await read(input, console: console) else { return .usageOrContractError }
        let name = DescriptionFetcher.displayName(of: input)
        let document: JSONValue
        do {
            document = try DocumentReader.parseDocument(
                bytes, file: isURL ? nil : input,
                options: .init(allowsByteOrderMark: true, recordsPositions: true)
            ).value
        } catch {
            console.err(
                "\(name):\(error.position.line):\(error.position.column): error: not valid \(error.format.rawValue): \(error.message)"
            )
            return .usageOrContractError
        }
        guard OpenAPIConverter.isOpenAPI(document) else {
            console.err(
                "error: \(name) is not an OpenAPI document (it has no top-level \"openapi\" or \"swagger\" key)"
            )
            return .usageOrContractError
        }
        let outcome =
            isURL
            ? ContractLoader.read(bytes: bytes, fetchedFrom: input)
            : ContractLoader.read(bytes: bytes, file: input)
        for problem in outcome.problems { console.err(problem.description) }
        guard let contract = outcome.contract, !outcome.hasErrors else {
            let errors = outcome.problems.filter { $0.severity == .error }.count
            console.err(
                "error: \(name) converts to a contract with \(errors) error\(errors == 1 ? "" : "s"); nothing written"
            )
            return .usageOrContractError
        }
        do {
            try write(contract.document, to: output)
        } catch {
            console.err("error: cannot write \(output): \(error.localizedDescription)")
            return .usageOrContractError
        }
        let warnings = outcome.problems.count
        let examples = contract.endpoints.reduce(0) { $0 + $1.examples.count }
        console.out(
            "wrote \(output) (\(contract.name) \(contract.version): \(Plural.count(contract.endpoints.count, "endpoint")), \(Plural.count(examples, "example")), \(Plural.count(warnings, "warning")))"
        )
        return .success
    }

    /// `Contracts/<file-stem>.json`, relative to the working directory (a URL's last path component).
    static func defaultOutput(for input: String) -> String {
        let stem =
            DescriptionFetcher.stem(of: input)
            ?? URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
        return "Contracts/\(stem).json"
    }

    /// The description's bytes, from its file or its URL; nil after saying why.
    private static func read(_ input: String, console: Console) async -> [UInt8]? {
        guard DescriptionFetcher.isURL(input) else {
            guard let data = FileManager.default.contents(atPath: input) else {
                console.err("error: \(input): cannot read the file")
                return nil
            }
            return Array(data)
        }
        switch await DescriptionFetcher().fetch(input) {
        case .bytes(let bytes): return bytes
        case .problem(let problem):
            console.err(problem.description)
            return nil
        }
    }

    private static func write(_ document: JSONValue, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let text = JSONSerializer(style: .pretty).string(document) + "\n"
        try Data(text.utf8).write(to: url)
    }
}
