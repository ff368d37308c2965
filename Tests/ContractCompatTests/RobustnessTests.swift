import ConformTestSupport
import ContractCompat
import ContractKit
import Foundation
import JSONSchema
import Testing

/// No pair of descriptions crashes the comparison or stops it: descriptions edited at random (seeded),
/// schemas nested as deep as the readers allow, and files that are not descriptions at all.
@Suite("Robustness")
struct RobustnessTests {
    /// Every value of `document`'s tree, by pointer.
    private static func pointers(
        _ value: JSONValue, at pointer: JSONPointer = .root, into list: inout [JSONPointer]
    ) {
        list.append(pointer)
        switch value {
        case .object(let object):
            for member in object.members {
                pointers(member.value, at: pointer.appending(member.key), into: &list)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                pointers(element, at: pointer.appending(index), into: &list)
            }
        default: break
        }
    }

    /// `document` with a few random edits: values replaced by other kinds, members dropped.
    private static func edited(_ document: JSONValue, generator: inout SplitMix64) -> JSONValue {
        var result = document
        for _ in 0..<4 {
            var all: [JSONPointer] = []
            pointers(result, into: &all)
            guard let target = all.dropFirst().randomElement(using: &generator) else { break }
            let replacements: [JSONValue?] = [
                nil, .null, 7, "text", .bool(false), [], [:], ["$ref": "#/nowhere"],
            ]
            result = result.replacing(at: target, with: replacements.randomElement(using: &generator) ?? nil)
        }
        return result
    }

    @Test("descriptions edited at random compare with their originals without crashing, both ways")
    func randomEdits() throws {
        var documents = [SharedData.packageRoot.appendingPathComponent("Contracts/restaurant.json").path]
        documents += SharedData.corpusDocuments().filter {
            !$0.contains("star-trek") && !$0.contains("petstore-separate")
        }
        var generator = SplitMix64(state: 26)
        var compared = 0
        for path in documents {
            guard let data = FileManager.default.contents(atPath: path),
                let original = try? DocumentReader.parse(Array(data), file: path)
            else { continue }
            let before = try DescriptionLoader.load(
                bytes: Array(data), name: "original." + (path as NSString).pathExtension)
            for round in 0..<6 {
                let bytes = Array(Self.edited(original, generator: &generator).compactText.utf8)
                guard let after = try? DescriptionLoader.load(bytes: bytes, name: "edited-\(round).json")
                else { continue }
                _ = CompatCheck().compare(before, after)
                _ = CompatCheck(options: CompatOptions(clients: .codable)).compare(after, before)
                compared += 1
            }
        }
        #expect(compared >= 6)
    }

    @Test(
        "a schema nested 150 levels deep is compared to the bottom, one nested 450 levels is read without a crash"
    )
    func deepSchemas() throws {
        func nested(_ depth: Int, leaf: JSONValue) -> JSONValue {
            var schema = leaf
            for _ in 0..<depth { schema = ["type": "object", "properties": ["a": schema]] }
            return schema
        }
        func description(_ schema: JSONValue) -> [UInt8] {
            let document: JSONValue = [
                "openapi": "3.1.0", "info": ["title": "deep", "version": "1"],
                "paths": [
                    "/deep": [
                        "get": [
                            "responses": [
                                "200": [
                                    "description": "ok", "content": ["application/json": ["schema": schema]],
                                ]
                            ]
                        ]
                    ]
                ],
            ]
            return Array(document.compactText.utf8)
        }
        let shallowOld = try DescriptionLoader.load(
            bytes: description(nested(150, leaf: ["type": "string"])), name: "old.json")
        let shallowNew = try DescriptionLoader.load(
            bytes: description(nested(150, leaf: ["type": "integer"])), name: "new.json")
        #expect(
            CompatCheck().compare(shallowOld, shallowNew).changes.contains {
                $0.rule == "response-property-type-changed"
            })
        let deepOld = try? DescriptionLoader.load(
            bytes: description(nested(450, leaf: ["type": "string"])), name: "old.json")
        let deepNew = try? DescriptionLoader.load(
            bytes: description(nested(450, leaf: ["type": "integer"])), name: "new.json")
        if let deepOld, let deepNew { _ = CompatCheck().compare(deepOld, deepNew) }
    }

    @Test("a file that holds no description is refused with its place, and a missing file by name")
    func unreadable() {
        #expect(throws: CompatInputError.self) {
            try DescriptionLoader.load(bytes: Array("{\"openapi\": ".utf8), name: "broken.json")
        }
        // Some other JSON file: errors and not one operation, so nothing to compare.
        #expect(throws: CompatInputError.self) {
            try DescriptionLoader.load(bytes: Array("{\"foo\": 1}".utf8), name: "other.json")
        }
        do {
            _ = try DescriptionLoader.load(.file("/nonexistent/openapi.yaml"))
            Issue.record("a missing file loaded")
        } catch {
            #expect(error.description.contains("/nonexistent/openapi.yaml: error: no such file"))
        }
    }
}

extension JSONValue {
    /// The value with the one at `pointer` replaced, or removed when `replacement` is nil.
    fileprivate func replacing(at pointer: JSONPointer, with replacement: JSONValue?) -> JSONValue {
        guard let first = pointer.tokens.first else { return replacement ?? self }
        let rest = JSONPointer(tokens: Array(pointer.tokens.dropFirst()))
        switch self {
        case .object(var object):
            guard let child = object[first] else { return self }
            object[first] =
                rest.isRoot && replacement == nil ? nil : child.replacing(at: rest, with: replacement)
            return .object(object)
        case .array(var elements):
            guard let index = Int(first), elements.indices.contains(index) else { return self }
            if rest.isRoot, replacement == nil {
                elements.remove(at: index)
            } else {
                elements[index] = elements[index].replacing(at: rest, with: replacement)
            }
            return .array(elements)
        default: return self
        }
    }
}
