public import JSONSchema

/// Where a place of a loaded contract stands in the files a person edits: the file, the JSON
/// pointer in it and the line and column.
///
/// A contract read from an OpenAPI or Swagger description is a converted document, and a
/// description split over several files is bundled into one, so a contract pointer
/// (`/endpoints/3/responses/200/schema`) is not a place anyone can open. The loader keeps what it
/// needs to walk back (the conversion's origins, the bundled files' origins and every file's
/// positions) in this one value: its own problems are placed with it, and so is anything a later
/// step reports about the contract, such as a change found by `conform compat`.
public struct SourceLocator: Sendable {
    /// A place in a file: the file as the user named it, a pointer into that file's document, and
    /// the position of the key (or value) there when the file was read from text.
    public struct Location: Sendable, Hashable, CustomStringConvertible {
        public var file: String?
        public var pointer: JSONPointer
        public var position: SourcePosition?

        public init(file: String?, pointer: JSONPointer, position: SourcePosition?) {
            self.file = file
            self.pointer = pointer
            self.position = position
        }

        /// `file:line:column`, or as much of it as is known.
        public var description: String {
            var text = file ?? "<contract>"
            if let position { text += ":\(position.line):\(position.column)" }
            return text
        }
    }

    /// Where the parts of other files that a description's `$ref`s brought in came from.
    struct BundledOrigins: Sendable {
        var origins: [JSONPointer: (file: String, pointer: JSONPointer)]
        var sourceMaps: [String: JSONSourceMap]
    }

    let file: String?
    let sourceMap: JSONSourceMap
    /// The document as read, after bundling and before any conversion.
    let source: JSONValue
    let conversion: OpenAPIConversion?
    let bundled: BundledOrigins?

    init(
        file: String?, sourceMap: JSONSourceMap, source: JSONValue, conversion: OpenAPIConversion?,
        bundled: BundledOrigins?
    ) {
        self.file = file
        self.sourceMap = sourceMap
        self.source = source
        self.conversion = conversion
        self.bundled = bundled
    }

    /// The place in the files of a place in the contract document.
    public func location(of contractPointer: JSONPointer) -> Location {
        location(ofSource: sourcePointer(for: contractPointer))
    }

    /// The value the description itself holds for a place in the contract (the OpenAPI operation
    /// behind an endpoint, with keys the contract does not carry, such as `deprecated`).
    public func sourceValue(at contractPointer: JSONPointer) -> JSONValue? {
        sourcePointer(for: contractPointer).resolve(in: source)
    }

    /// The pointer into the description read (OpenAPI, Swagger or the contract itself) of a place
    /// in the contract document.
    func sourcePointer(for contractPointer: JSONPointer) -> JSONPointer {
        guard let conversion else { return contractPointer }
        return conversion.openAPIPointer(for: contractPointer, in: source)
    }

    /// The place in the files of a pointer into the description read: the file a bundled part came
    /// from, else the description's own file.
    func location(ofSource pointer: JSONPointer) -> Location {
        if let bundled, let origin = Self.origin(of: pointer, in: bundled) { return origin }
        return Location(file: file, pointer: pointer, position: sourceMap.keyPosition(of: pointer))
    }

    private static func origin(of pointer: JSONPointer, in bundled: BundledOrigins) -> Location? {
        var tokens = pointer.tokens
        var rest: [String] = []
        while true {
            if let origin = bundled.origins[JSONPointer(tokens: tokens)] {
                let inner = JSONPointer(tokens: origin.pointer.tokens + rest)
                return Location(
                    file: origin.file, pointer: inner,
                    position: bundled.sourceMaps[origin.file]?.keyPosition(of: inner))
            }
            guard let last = tokens.popLast() else { return nil }
            rest.insert(last, at: 0)
        }
    }
}
