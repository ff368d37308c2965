import Foundation
import JSONSchema

/// Brings the parts of other local files that a document's `$ref`s name into the document itself,
/// so a description split over several files (`"$ref": "Pet.json"`,
/// `"$ref": "../common/parameters.yaml#/limit"`) loads like one document.
///
/// A schema reached through another file is copied once under the document's schema map
/// (`components/schemas`, `definitions` or a contract's `schemas`) and the reference is rewritten
/// to point there, so recursive schemas and cycles between files (A refers to B refers to A) stay
/// references. Other parts (parameters, responses, path items) are inlined where they are used; a
/// cycle among those is reported instead of followed. Each file is read once. Remote references
/// (`http://`, `https://`) are never fetched: each is an error naming the reference.
/// `x-` extensions are left as they are.
struct ExternalReferenceBundler {
    /// Reads the bytes of a referenced file into a value, or throws a problem with its position.
    typealias Reader = (_ path: String) -> ReadOutcome

    /// A referenced file's value, or why it cannot be used.
    enum ReadOutcome {
        case document(JSONParser.Document)
        case problem(ContractProblem)
    }

    /// Where hoisted schemas go, as tokens from the root (`["components", "schemas"]`).
    let schemaHome: [String]
    /// Whether every `$ref` of the document is a schema reference (true for contracts).
    let everythingIsSchema: Bool
    let rootFile: String
    let read: Reader
    /// Whether a slip read as its author meant is an error (`--strict`) rather than a warning.
    var strict = false

    /// Keywords whose value is a map of schemas: a `$ref` there names the whole map.
    private static let schemaMapKeywords: Set<String> = [
        "properties", "patternProperties", "dependentSchemas", "$defs", "definitions",
    ]

    private(set) var problems: [ContractProblem] = []
    /// Where the parts brought in come from: a place in the bundled document → the file and the
    /// pointer in it, so problems found later point into the file a person edits.
    private(set) var origins: [JSONPointer: (file: String, pointer: JSONPointer)] = [:]
    /// The positions of every referenced file that was read.
    private(set) var sourceMaps: [String: JSONSourceMap] = [:]
    private var files: [String: JSONValue?] = [:]
    private var hoisted: [String: String] = [:]
    private var hoistedSchemas: [(name: String, value: JSONValue)] = []
    private var usedNames: Set<String> = []
    private var inlining: [String] = []

    init(schemaHome: [String], everythingIsSchema: Bool, rootFile: String, read: @escaping Reader) {
        self.schemaHome = schemaHome
        self.everythingIsSchema = everythingIsSchema
        self.rootFile = Self.normalized(rootFile)
        self.read = read
    }

    /// Whether `value` holds a `$ref` that is not a same-document fragment (outside `x-` extensions).
    static func hasExternalReferences(_ value: JSONValue) -> Bool {
        switch value {
        case .object(let object):
            // Every member of a large description passes here: the first byte rules out most keys
            // before any string comparison.
            for member in object.members {
                switch member.key.utf8.first {
                case UInt8(ascii: "x") where member.key.hasPrefix("x-"): continue
                case UInt8(ascii: "$") where member.key == "$ref":
                    if case .string(let reference) = member.value, !reference.hasPrefix("#") {
                        return true
                    }
                default: break
                }
                switch member.value {
                case .object, .array: if hasExternalReferences(member.value) { return true }
                default: continue
                }
            }
            return false
        case .array(let elements):
            return elements.contains { hasExternalReferences($0) }
        default:
            return false
        }
    }

    /// The document with every external reference brought in.
    mutating func bundle(_ document: JSONValue) -> JSONValue {
        guard case .object = document else { return document }
        if let existing = JSONPointer(tokens: schemaHome).resolve(in: document)?.objectValue {
            usedNames.formUnion(existing.keys)
        }
        var result = walk(document, at: .root, out: .root, file: rootFile, inSchema: everythingIsSchema)
        guard !hoistedSchemas.isEmpty, case .object(var object) = result else { return result }
        object = Self.inserting(hoistedSchemas, into: object, at: schemaHome[...])
        result = .object(object)
        return result
    }

    private static func inserting(
        _ schemas: [(name: String, value: JSONValue)], into object: JSONObject, at path: ArraySlice<String>
    ) -> JSONObject {
        var object = object
        guard let first = path.first else {
            for schema in schemas { object[schema.name] = schema.value }
            return object
        }
        let child = object[first]?.objectValue ?? JSONObject()
        object[first] = .object(inserting(schemas, into: child, at: path.dropFirst()))
        return object
    }

    /// `value` (at `pointer` in `file`) with its references followed; `out` is where it lands in
    /// the bundled document.
    private mutating func walk(
        _ value: JSONValue, at pointer: JSONPointer, out: JSONPointer, file: String, inSchema: Bool,
        isSchemaMap: Bool = false
    ) -> JSONValue {
        switch value {
        case .array(let elements):
            return .array(
                elements.enumerated().map {
                    walk(
                        $1, at: pointer.appending($0), out: out.appending($0), file: file, inSchema: inSchema)
                })
        case .object(let object):
            if isSchemaMap, object.count == 1, case .string(let reference)? = object["$ref"],
                let replaced = followMap(reference, at: pointer, out: out, file: file)
            {
                return replaced
            }
            if case .string(let reference)? = object["$ref"] {
                if let replaced = follow(
                    reference, siblings: object, at: pointer, out: out, file: file, inSchema: inSchema)
                {
                    return replaced
                }
            }
            var result = JSONObject()
            for member in object.members {
                if member.key.hasPrefix("x-") || member.key == "$ref" {
                    result[member.key] = member.value
                    continue
                }
                let here = pointer.appending(member.key)
                let childInSchema =
                    inSchema || member.key == "schema"
                    || (file == rootFile && here.tokens.dropLast() == schemaHome[...])
                    || (file == rootFile && here.tokens.dropLast() == ["definitions"])
                result[member.key] = walk(
                    member.value, at: here, out: out.appending(member.key), file: file,
                    inSchema: childInSchema,
                    isSchemaMap: inSchema && !everythingIsSchema
                        && Self.schemaMapKeywords.contains(member.key))
            }
            return .object(result)
        default:
            return value
        }
    }

    /// The replacement for a `$ref` object, or nil to keep it (a same-document reference of the root).
    private mutating func follow(
        _ reference: String, siblings: JSONObject, at pointer: JSONPointer, out: JSONPointer, file: String,
        inSchema: Bool
    ) -> JSONValue? {
        let lowered = reference.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            // In a contract, a remote-looking reference may name a schema's `$id`: the schema
            // compiler judges it.
            if !everythingIsSchema {
                report(
                    "remote $ref \"\(reference)\" is not fetched; save the file beside this one and refer to it by a relative path",
                    at: pointer.appending("$ref"), in: file)
            }
            return nil
        }
        guard let (pathPart, fragment, target) = resolving(reference, from: file) else { return nil }
        if !pathPart.isEmpty, !Self.looksLikeFile(pathPart), !FileManager.default.fileExists(atPath: target) {
            return nil
        }
        guard let targetPointer = JSONPointer(fragment.removingPercentEncoding ?? fragment) else {
            report(
                "$ref \"\(reference)\" has a fragment that is not a JSON pointer",
                at: pointer.appending("$ref"),
                in: file)
            return nil
        }
        if target == rootFile {
            // A reference from another file back into the root document.
            var rewritten = siblings
            rewritten["$ref"] = .string("#" + (fragment.isEmpty ? "" : fragment))
            return .object(rewritten)
        }
        guard let document = load(target, reference: reference, at: pointer, from: file) else { return nil }
        guard let value = targetPointer.resolve(in: document) else {
            report(
                "$ref \"\(reference)\" points at nothing in \(target)", at: pointer.appending("$ref"),
                in: file)
            return nil
        }
        let key = target + "#" + targetPointer.displayText
        if inSchema { return hoisting(value, key: key, from: target, at: targetPointer, siblings: siblings) }
        guard !inlining.contains(key) else {
            report(
                "$ref \"\(reference)\" leads back to itself through other files; this part is skipped",
                at: pointer.appending("$ref"), in: file, severity: .warning)
            return .object(JSONObject())
        }
        inlining.append(key)
        defer { inlining.removeLast() }
        origins[out] = (target, targetPointer)
        return walk(value, at: targetPointer, out: out, file: target, inSchema: false)
    }

    /// A schema of another file, hoisted once under the schema home with a unique name: the `$ref`
    /// object rewritten to point at it there.
    private mutating func hoisting(
        _ value: JSONValue, key: String, from target: String, at targetPointer: JSONPointer,
        siblings: JSONObject
    ) -> JSONValue {
        let name: String
        if let known = hoisted[key] {
            name = known
        } else {
            name = uniqueName(for: targetPointer.tokens.last ?? Self.baseName(target))
            hoisted[key] = name
            let home = JSONPointer(tokens: schemaHome + [name])
            origins[home] = (target, targetPointer)
            let walked = walk(value, at: targetPointer, out: home, file: target, inSchema: true)
            hoistedSchemas.append((name, walked))
        }
        var rewritten = siblings
        let home = JSONPointer(tokens: schemaHome + [name])
        rewritten["$ref"] = .string("#" + home.description)
        return .object(rewritten)
    }

    /// A map of schemas written as a reference to another file (`"properties": {"$ref":
    /// "pet-fields.yaml"}`): JSON Reference semantics, the object it names stands in its place, as
    /// its author meant (its members are schemas), with a warning (an error when `strict`). Nil for
    /// a reference into the root document, which the converter reads the same way.
    private mutating func followMap(
        _ reference: String, at pointer: JSONPointer, out: JSONPointer, file: String
    )
        -> JSONValue?
    {
        guard let (pathPart, fragment, target) = resolving(reference, from: file) else { return nil }
        guard target != rootFile,
            let targetPointer = JSONPointer(fragment.removingPercentEncoding ?? fragment),
            let document = load(target, reference: reference, at: pointer, from: file),
            case .object(let map)? = targetPointer.resolve(in: document)
        else { return nil }
        report(
            "a map of schemas is a $ref to \"\(reference)\"; as a JSON Reference it stands for the whole map it names, which is read in its place",
            at: pointer.appending("$ref"), in: file, severity: strict ? .error : .warning)
        origins[out] = (target, targetPointer)
        var result = JSONObject()
        for member in map.members {
            result[member.key] = walk(
                member.value, at: targetPointer.appending(member.key), out: out.appending(member.key),
                file: target, inSchema: true)
        }
        return .object(result)
    }

    /// A reference's path and fragment, and the file it names (the referring file itself for a
    /// bare fragment); nil for a same-document reference of the root, which stays as it is.
    private func resolving(_ reference: String, from file: String)
        -> (pathPart: String, fragment: String, target: String)?
    {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let pathPart = String(parts.first ?? "")
        let fragment = parts.count > 1 ? String(parts[1]) : ""
        if pathPart.isEmpty && file == rootFile { return nil }
        let target =
            pathPart.isEmpty
            ? file
            : Self.normalized(
                URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(pathPart).path)
        return (pathPart, fragment, target)
    }

    /// A problem at `pointer` in `file` (the root document's problems carry no file: the loader
    /// names it).
    private mutating func report(
        _ message: String, at pointer: JSONPointer, in file: String,
        severity: ContractProblem.Severity = .error
    ) {
        let position = file == rootFile ? nil : sourceMaps[file]?.keyPosition(of: pointer)
        problems.append(
            ContractProblem(
                message, at: pointer, severity: severity, position: position,
                file: file == rootFile ? nil : file))
    }

    /// Where the places of the bundled document that came from other files come from, with those
    /// files' positions, for ``SourceLocator``.
    var bundledOrigins: SourceLocator.BundledOrigins {
        SourceLocator.BundledOrigins(origins: origins, sourceMaps: sourceMaps)
    }

    /// The value of a referenced file, read once; a file that cannot be read is reported at the
    /// `$ref` (in the referring file), one that is not valid at its own position.
    private mutating func load(_ path: String, reference: String, at pointer: JSONPointer, from file: String)
        -> JSONValue?
    {
        if let cached = files[path] { return cached }
        switch read(path) {
        case .document(let document):
            files[path] = document.value
            sourceMaps[path] = document.sourceMap
            return document.value
        case .problem(var problem):
            files[path] = .some(nil)
            if problem.position == nil {
                problem = ContractProblem(
                    "$ref \"\(reference)\": \(problem.message)", at: pointer.appending("$ref"),
                    file: file == rootFile ? nil : file)
            } else {
                problem.message = "referenced by $ref \"\(reference)\": \(problem.message)"
            }
            problems.append(problem)
            return nil
        }
    }

    private mutating func uniqueName(for base: String) -> String {
        usedNames.insertUnique(base.isEmpty ? "schema" : base)
    }

    /// A relative reference to a document file rather than to a schema `$id` such as `item`.
    private static func looksLikeFile(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return [".json", ".yaml", ".yml"].contains { lowered.hasSuffix($0) }
    }

    private static func baseName(_ path: String) -> String {
        URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    }

    private static func normalized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
