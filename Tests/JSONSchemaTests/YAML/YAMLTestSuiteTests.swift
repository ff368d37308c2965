import Foundation
import Testing

@testable import JSONSchema

/// The official YAML test suite (data release layout): every case folder holds `in.yaml`, and
/// `in.json` when the YAML has a JSON equivalent, or `error` when the YAML must be rejected. Some
/// cases are split into numbered sub-folders (`00`, `01`…), each a case of its own.
///
/// `in.json` holds one JSON text per YAML document (a stream may have several, or none): a case
/// counts as equal when the reader yields the same number of documents with equal values. A case
/// with both `error` and `in.json` counts as an error case only.
@Suite struct YAMLTestSuiteTests {
    struct Case: Sendable {
        var name: String
        var yaml: [UInt8]
        var json: [UInt8]?
        var mustFail: Bool
    }

    /// `$YAML_TEST_SUITE`, or `../shared/yaml-test-suite` next to the package.
    static let root: URL = {
        if let override = ProcessInfo.processInfo.environment["YAML_TEST_SUITE"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/yaml-test-suite")
    }()

    static func cases() -> [Case] {
        let manager = FileManager.default
        var found: [Case] = []
        func visit(_ folder: URL, name: String) {
            let yamlURL = folder.appendingPathComponent("in.yaml")
            if let yaml = manager.contents(atPath: yamlURL.path) {
                let json = manager.contents(atPath: folder.appendingPathComponent("in.json").path)
                let mustFail = manager.fileExists(atPath: folder.appendingPathComponent("error").path)
                found.append(
                    Case(name: name, yaml: Array(yaml), json: json.map(Array.init), mustFail: mustFail))
                return
            }
            let children = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
            // Numbered sub-cases: `00`, `01`… and, where a case has more than a hundred, `000`….
            for child in children.sorted() where !child.isEmpty && child.allSatisfy(\.isNumber) {
                visit(folder.appendingPathComponent(child), name: "\(name)/\(child)")
            }
        }
        let names = (try? manager.contentsOfDirectory(atPath: root.path)) ?? []
        for name in names.sorted() where !name.hasPrefix(".") && name != "name" && name != "tags" {
            visit(root.appendingPathComponent(name), name: name)
        }
        return found
    }

    /// Splits a concatenation of JSON texts (`in.json` of a multi-document stream) into its texts.
    static func jsonTexts(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var texts: [ArraySlice<UInt8>] = []
        var index = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        while index < bytes.count {
            while index < bytes.count && isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { break }
            let start = index
            let first = bytes[index]
            if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || first == UInt8(ascii: "\"") {
                var depth = 0
                var inString = false
                repeat {
                    let byte = bytes[index]
                    if inString {
                        if byte == UInt8(ascii: "\\") {
                            index += 1
                        } else if byte == UInt8(ascii: "\"") {
                            inString = false
                        }
                    } else if byte == UInt8(ascii: "\"") {
                        inString = true
                    } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                        depth += 1
                    } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                        depth -= 1
                    }
                    index += 1
                } while index < bytes.count && (depth > 0 || inString)
            } else {
                while index < bytes.count && !isSpace(bytes[index]) { index += 1 }
            }
            texts.append(bytes[start..<index])
        }
        return texts
    }

    enum Outcome: Sendable { case equal, different(String), rejected(String), accepted }

    static func run(_ testCase: Case) -> Outcome {
        do {
            let documents = try YAMLReader.parseStream(testCase.yaml)
            if testCase.mustFail { return .accepted }
            guard let json = testCase.json else { return .accepted }
            let expected = try jsonTexts(json).map { try JSONParser.parse($0) }
            let actual = documents.map(\.document.value)
            if expected == actual { return .equal }
            return .different("expected \(expected), got \(actual)")
        } catch {
            return .rejected("\(error)")
        }
    }

    @Test("the official YAML test suite: values equal to in.json, error cases rejected")
    func officialSuite() {
        let manager = FileManager.default
        guard manager.fileExists(atPath: Self.root.path) else {
            print(
                "YAML test suite: absent, looked in \(Self.root.path) (set YAML_TEST_SUITE to a data-release checkout); skipped"
            )
            return
        }
        let verbose = ProcessInfo.processInfo.environment["YAML_TEST_SUITE_VERBOSE"] != nil
        var valueCases = 0
        var equal = 0
        var errorCases = 0
        var rejected = 0
        for testCase in Self.cases() {
            let outcome = Self.run(testCase)
            if testCase.mustFail {
                errorCases += 1
                if case .rejected = outcome {
                    rejected += 1
                } else if verbose {
                    print("ACCEPTED \(testCase.name)")
                }
            } else if testCase.json != nil {
                valueCases += 1
                if case .equal = outcome {
                    equal += 1
                } else if verbose {
                    print("FAILED \(testCase.name): \(outcome)")
                }
            } else if verbose, case .rejected(let reason) = outcome {
                print("NO-JSON \(testCase.name) rejected: \(reason)")
            }
        }
        let percent = valueCases == 0 ? 100 : Double(equal) * 100 / Double(valueCases)
        print(
            "YAML test suite: \(equal) of \(valueCases) values equal (\(String(format: "%.1f", percent))%), \(rejected) of \(errorCases) errors rejected"
        )
        #expect(valueCases > 0)
        #expect(percent >= 95)
        #expect(rejected == errorCases)
    }
}
