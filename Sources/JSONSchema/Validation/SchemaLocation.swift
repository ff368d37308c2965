/// A place in a known document: the document's URI and a pointer inside it.
struct SchemaLocation: Hashable {
    var document: String
    var pointer: JSONPointer
}
