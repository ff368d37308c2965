import JSONSchema

extension ContractLoader {
    /// The `$ref`s of a description fetched from a URL that name another file (`Pet.json`,
    /// `https://…/common.yaml#/Error`), each an error at its place: Conform fetches only the URL it
    /// is given, never what a document it fetched points at, so a server cannot lead it elsewhere.
    static func fetchedReferenceProblems(in document: JSONValue) -> [ContractProblem] {
        var problems: [ContractProblem] = []
        func walk(_ value: JSONValue, _ pointer: JSONPointer) {
            switch value {
            case .object(let object):
                for member in object.members where !member.key.hasPrefix("x-") {
                    if member.key == "$ref", case .string(let reference) = member.value,
                        !reference.hasPrefix("#")
                    {
                        problems.append(
                            ContractProblem(
                                "$ref \"\(reference)\" names another file, which is not fetched: a description given as a URL is read alone; download its files and give the local path",
                                at: pointer.appending("$ref")))
                    } else {
                        walk(member.value, pointer.appending(member.key))
                    }
                }
            case .array(let elements):
                for (index, element) in elements.enumerated() { walk(element, pointer.appending(index)) }
            default:
                break
            }
        }
        walk(document, .root)
        return problems
    }
}

extension ContractLoader {
    /// Parses a contract or description with positions, and the problems of reading it.
    ///
    /// YAML that continues a quoted scalar or a flow collection at the indentation of its block
    /// (Docker Engine's description does, in `description: "…` over two lines) breaks YAML 1.2 but
    /// is read by libyaml and PyYAML, so its author never saw a complaint: it is read their way,
    /// with a warning at the line (an error under `strict`). So is a key given twice in an OpenAPI
    /// or Swagger description (go-openapi's fixture repeats `produces`): the last value is kept, as
    /// those readers and `JSON.parse` keep it. A contract written for Conform stays strict: a key
    /// given twice there is an error at its place.
    static func parse(_ bytes: [UInt8], file: String?, strict: Bool) throws(DocumentReader.ParseError)
        -> (JSONParser.Document, [ContractProblem])
    {
        var options = JSONParser.Options(allowsByteOrderMark: true, recordsPositions: true)
        var problems: [ContractProblem] = []
        let document: JSONParser.Document
        do {
            document = try DocumentReader.parseDocument(bytes, file: file, options: options)
        } catch {
            guard case .yaml(let yamlError, _) = error, case .underindentedContinuation = yamlError.reason
            else { throw error }
            options.acceptsUnderindentedContinuations = true
            // What stops the lenient reading too is the problem to show.
            document = try DocumentReader.parseDocument(bytes, file: file, options: options)
            problems.append(
                ContractProblem(
                    "\(yamlError.message) (YAML 1.2); read as libyaml and PyYAML read it", at: .root,
                    severity: strict ? .error : .warning, position: yamlError.position, file: file))
        }
        guard !document.duplicateKeys.isEmpty else { return (document, problems) }
        guard OpenAPIConverter.isOpenAPI(document.value) else {
            options.rejectsDuplicateKeys = true
            _ = try DocumentReader.parseDocument(bytes, file: file, options: options)
            return (document, problems)
        }
        for duplicate in document.duplicateKeys {
            problems.append(
                ContractProblem(
                    "\(duplicate), as libyaml, PyYAML and JSON.parse read it", at: duplicate.pointer,
                    severity: strict ? .error : .warning, position: duplicate.again, file: file))
        }
        return (document, problems)
    }
}
