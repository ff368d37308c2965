import ContractCompat
import ContractKit
import ContractReports
import Foundation

/// `conform compat <old> <new>`: which changes between two versions of a description break the
/// clients already shipped and the requests they send. A gate for CI: exit 1 when a change at the
/// `--fail-on` level remains.
enum CompatCommand {
    static let parser = ArgumentParser(
        command: "compat",
        overview:
            "Say which changes between two versions of a description break shipped clients and old requests.",
        positionals: [
            .init(
                name: "old",
                help:
                    "The earlier description: a file, or REV:path read with git show (main:openapi.yaml); required unless --rules.",
                isOptional: true),
            .init(name: "new", help: "The later description (a file or REV:path).", isOptional: true),
        ],
        options: [
            failOn.declaration, clients.declaration, ignore.declaration, ignoreFile.declaration,
            markdown.declaration, maxMarkdownBytes.declaration,
            junit.declaration, json.declaration, rules.declaration,
        ])

    static let failOn = Option<CompatLevel>.choice(
        "fail-on", help: "Exit 1 when a change at this level (or a worse one) remains.",
        default: CompatOptions.defaultFailOn)
    static let clients = Option<CompatClients>.choice(
        "clients",
        help: "Whose verdict: codable makes errors of what a plain Swift Codable model cannot decode.",
        default: CompatOptions.defaultClients)
    static let ignore = Option<[IgnoreEntry]>.repeatable(
        "ignore", valueName: "rule[@operationId]", help: "Accept changes of a rule (in one operation).",
        expected: "RULE or RULE@operationId", parse: { IgnoreEntry(parsing: $0) })
    static let ignoreFile = Option<String?>.text(
        "ignore-file", valueName: "path", help: "Accepted changes, one per line: RULE[@operationId] reason.")
    static let markdown = Option<String?>.text(
        "markdown", valueName: "path", help: "Also write a Markdown pull-request comment.")
    static let maxMarkdownBytes = Option<Int>.integer(
        "max-markdown-bytes", valueName: "bytes",
        help:
            "The largest Markdown report (and job summary); what does not fit is counted and left to --json.",
        default: CompatMarkdown.defaultMaxBytes, range: CompatMarkdown.minimumMaxBytes...Int(Int32.max))
    static let junit = Option<String?>.text(
        "junit", valueName: "path", help: "Also write JUnit XML: a test case per operation.")
    static let json = Option<String?>.text(
        "json", valueName: "path", help: "Also write JSON (docs/compat.schema.json).")
    static let rules = Flag("rules", help: "List every rule: id, level, direction and an example; then exit.")

    static let exitCodes = """
        EXIT CODES:
          0  no change at the --fail-on level (accepted ones aside)
          1  a change at the --fail-on level
          2  usage error, an unreadable description or ignore file, or a report that cannot be written
        """

    private struct Arguments {
        var old = ""
        var new = ""
        var options = CompatOptions()
        var markdown: String?
        var maxMarkdownBytes = CompatMarkdown.defaultMaxBytes
        var junit: String?
        var json: String?
        var listsRules = false
        var ignoreFile: String?
    }

    static func run(_ arguments: [String], console: Console, environment: [String: String]) async -> ExitCode
    {
        let given: Arguments
        switch parser.start(arguments, helpExtra: exitCodes, console: console, read: read) {
        case .ready(let read): given = read
        case .exit(let code): return code
        }
        if given.listsRules {
            console.out(RuleCatalogue.all.map(CompatRuleListing.line).joined(separator: "\n"))
            return .success
        }
        var options = given.options
        if let path = given.ignoreFile {
            do {
                options.ignores += try IgnoreFile.read(path)
            } catch {
                console.err("error: \(error)")
                return .usageOrContractError
            }
        }
        let report: CompatReport
        do {
            report = try await CompatCheck(options: options).run(
                old: CompatSource(given.old), new: CompatSource(given.new))
        } catch {
            console.err(error.description)
            return .usageOrContractError
        }
        tellAbout(report, console: console)
        // The JSON report is the largest by far (every place a change reaches): it is written on
        // a second thread while the text and the other reports are.
        async let json = given.json.map { _ in CompatJSON.render(report, toolVersion: Conform.version) }
        console.out(CompatText.render(report))
        // Sized for a pull-request comment, so the job summary is far under its 1 MiB as well.
        let markdown = CompatMarkdown.render(report, maxBytes: given.maxMarkdownBytes, fullReport: given.json)
        let junit = given.junit.map { _ in CompatJUnit.render(report) }
        let reports = Reports(markdown: markdown, junit: junit, json: await json)
        guard write(reports, given, console: console, environment: environment) else {
            return .usageOrContractError
        }
        return report.passes ? .success : .checkFailed
    }

    private static func read(_ parsed: ParsedArguments) throws(ArgumentError) -> Arguments {
        var given = Arguments()
        given.listsRules = parsed.isSet(rules)
        if !given.listsRules {
            guard parsed.positionals.count >= 1 else { throw .missingArgument("old") }
            guard parsed.positionals.count >= 2 else { throw .missingArgument("new") }
            given.old = parsed.positionals[0]
            given.new = parsed.positionals[1]
        }
        given.options.failOn = try parsed.value(of: failOn)
        given.options.clients = try parsed.value(of: clients)
        given.options.ignores = try parsed.value(of: ignore)
        for entry in given.options.ignores where RuleCatalogue.rule(entry.rule) == nil {
            let hint = Suggestion.closest(to: entry.rule, in: RuleCatalogue.all.map(\.id)).map {
                " (did you mean '\($0)'?)"
            }
            throw .invalidValue(
                option: "--ignore", value: entry.spelled,
                expected: "a rule id\(hint ?? " (conform compat --rules lists them)")", isSecret: false)
        }
        given.ignoreFile = try parsed.value(of: ignoreFile)
        given.markdown = try parsed.value(of: markdown)
        given.maxMarkdownBytes = try parsed.value(of: maxMarkdownBytes)
        given.junit = try parsed.value(of: junit)
        given.json = try parsed.value(of: json)
        return given
    }

    /// On standard error: how many problems the loader found in each side, and ignore entries that
    /// accepted nothing.
    private static func tellAbout(_ report: CompatReport, console: Console) {
        for side in [CompatChange.Side.old, .new] {
            let notes = report.notes.filter { $0.side == side }
            guard !notes.isEmpty else { continue }
            let source = side == .old ? report.old.source : report.new.source
            console.err(
                "note: \(source): the loader reported \(Plural.count(notes.count, "problem")) reading it (listed in --json and --markdown; conform lint shows them for a file)"
            )
        }
        for entry in report.unusedIgnores {
            console.err(
                "warning: \(entry.origin): '\(entry.spelled)' accepted no change; remove it if the break is gone"
            )
        }
    }

    /// The reports rendered: the Markdown one always (it is also the job summary), the others when
    /// asked for.
    private struct Reports {
        var markdown: String
        var junit: String?
        var json: String?
    }

    /// Writes the reports asked for and, in GitHub Actions, appends the Markdown to the job summary.
    private static func write(
        _ reports: Reports, _ given: Arguments, console: Console, environment: [String: String]
    ) -> Bool {
        var outputs: [(path: String, text: String)] = []
        if let path = given.markdown { outputs.append((path, reports.markdown)) }
        if let path = given.junit, let text = reports.junit { outputs.append((path, text)) }
        if let path = given.json, let text = reports.json { outputs.append((path, text)) }
        return ReportClosing(console: console, environment: environment).write(
            outputs, jobSummary: reports.markdown, fullReport: given.markdown)
    }
}

/// One line of `conform compat --rules`: id, level, direction and example in columns.
enum CompatRuleListing {
    static func line(_ rule: CompatRule) -> String {
        func padded(_ text: String, _ width: Int) -> String {
            text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
        }
        return padded(rule.id, 52) + padded(rule.level.rawValue, 8) + padded(rule.direction.rawValue, 10)
            + rule.example
    }
}
