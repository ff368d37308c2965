import Foundation
package import JSONSchema

/// Reads a well-formed XML request body as the object its schema describes, so request checks (the
/// mock's, the proxy's) judge an XML body the way they judge JSON: the root's child elements are
/// properties, an element with child elements is an object (or, for an array property, a wrapper
/// of items), repeated elements are an array, and text is read as its property's type. Attributes
/// are not read.
package enum XMLBody {
    private final class Node {
        let name: String
        var children: [Node] = []
        var text = ""
        init(name: String) { self.name = name }
    }

    /// The object, or nil when the body has no root element (the caller checks well-formedness).
    package static func value(_ body: [UInt8], schema: JSONValue?, navigator: SchemaNavigator) -> JSONValue? {
        guard let root = parse(Array(String(decoding: body, as: UTF8.self).unicodeScalars)) else {
            return nil
        }
        return value(of: root, schema: schema, navigator: navigator, depth: 0)
    }

    private static func value(of node: Node, schema: JSONValue?, navigator: SchemaNavigator, depth: Int)
        -> JSONValue
    {
        let types = schema.map { navigator.types(of: $0) } ?? []
        if node.children.isEmpty {
            if types.contains("object") && node.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                return .object(JSONObject())
            }
            return navigator.coerce(node.text, to: schema)
        }
        guard depth < 64 else { return .null }
        if types.contains("array") {
            let item = schema.flatMap { navigator.element(0, of: $0) }
            return .array(
                node.children.map { value(of: $0, schema: item, navigator: navigator, depth: depth + 1) })
        }
        var object = JSONObject()
        for child in node.children where object[child.name] == nil {
            let property = schema.flatMap { navigator.property(child.name, of: $0) }
            let same = node.children.filter { $0.name == child.name }
            let isArray = property.map { navigator.types(of: $0).contains("array") } ?? false
            if isArray {
                let item = property.flatMap { navigator.element(0, of: $0) }
                if same.count == 1, !child.children.isEmpty,
                    child.children.allSatisfy({ $0.name == child.children[0].name })
                {
                    // A wrapped array: <photoUrls><photoUrl>…</photoUrl></photoUrls>.
                    object[child.name] = .array(
                        child.children.map {
                            value(of: $0, schema: item, navigator: navigator, depth: depth + 1)
                        })
                } else {
                    object[child.name] = .array(
                        same.map { value(of: $0, schema: item, navigator: navigator, depth: depth + 1) })
                }
            } else if same.count > 1 {
                object[child.name] = .array(
                    same.map { value(of: $0, schema: nil, navigator: navigator, depth: depth + 1) })
            } else {
                object[child.name] = value(
                    of: child, schema: property, navigator: navigator, depth: depth + 1)
            }
        }
        return .object(object)
    }

    private static func parse(_ scalars: [Unicode.Scalar]) -> Node? {
        var scanner = Scanner(scalars)
        var stack: [Node] = []
        var root: Node?
        while let token = scanner.next() {
            switch token {
            case .text(let text):
                stack.last?.text += text
            case .opening(let name, let selfClosing):
                let node = Node(name: name)
                if let parent = stack.last {
                    parent.children.append(node)
                } else if root == nil {
                    root = node
                }
                if !selfClosing { stack.append(node) }
            case .closing:
                if !stack.isEmpty { stack.removeLast() }
            case .skipped:
                continue
            }
        }
        return root
    }
}
