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
