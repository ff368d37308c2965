import Foundation
import JSONSchema

/// The files a contract's `$ref`s name, read and bundled into it.
extension ContractLoader {
    /// The document with the parts of other local files its `$ref`s name brought in (see
    /// ``ExternalReferenceBundler``), and the problems met on the way.
    static func bundled(_ document: JSONValue, file: String?, strict: Bool = false) -> (
        JSONValue, [ContractProblem], ExternalReferenceBundler?
    ) {
        guard let file, ExternalReferenceBundler.hasExternalReferences(document) else {
            return (document, [], nil)
        }
        let home: [String] =
            document["openapi"] != nil
            ? ["components", "schemas"] : document["swagger"] != nil ? ["definitions"] : ["schemas"]
        var bundler = ExternalReferenceBundler(
            schemaHome: home, everythingIsSchema: !OpenAPIConverter.isOpenAPI(document), rootFile: file,
            read: readReferenced)
        bundler.strict = strict
        let result = bundler.bundle(document)
        return (result, bundler.problems, bundler)
    }

    /// A file another document refers to, parsed; a problem with its own file and position when it
    /// cannot be read.
    static func readReferenced(_ path: String) -> ExternalReferenceBundler.ReadOutcome {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .problem(ContractProblem("cannot read \(path)", at: .root, file: path))
        }
        do {
            let parsed = try DocumentReader.parseDocument(
                Array(data), file: path,
                options: .init(allowsByteOrderMark: true, recordsPositions: true, rejectsDuplicateKeys: true))
            return .document(parsed)
        } catch {
            return .problem(
                ContractProblem(
                    "not valid \(error.format.rawValue): \(error.message)", at: .root,
                    position: error.position,
                    file: path))
        }
    }
}
