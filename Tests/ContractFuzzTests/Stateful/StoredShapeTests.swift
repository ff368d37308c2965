import ContractKit
import JSONSchema
import SchemaGeneration
import Testing

@testable import ContractFuzz

/// `stored_as_sent` compares a sent member only where the item could hold it as sent: where the
/// read schema takes the sent value laid over what was read.
@Suite struct StoredShapeTests {
    /// A create takes schedules as `{interval}`; a read lists them with ids. A state reads with a
    /// timestamp besides what was sent.
    static let document: JSONValue = [
        "Write": [
            "type": "object",
            "properties": [
                "schedules": [
                    "type": "array",
                    "items": ["type": "object", "properties": ["interval": ["type": "integer"]]],
                ],
                "state": ["type": "object", "properties": ["type": ["type": "string"]]],
            ],
        ],
        "Read": [
            "type": "object",
            "properties": [
                "schedules": [
                    "type": "array",
                    "items": [
                        "type": "object", "required": ["id", "interval"],
                        "properties": ["id": ["type": "string"], "interval": ["type": "integer"]],
                    ],
                ],
                "state": [
                    "type": "object", "required": ["type", "timestamp"],
                    "properties": ["type": ["type": "string"], "timestamp": ["type": "string"]],
                ],
            ],
        ],
    ]

    static func comparison() -> StoredComparison {
        let generator = InstanceGenerator(document: document)
        return StoredComparison(
            navigator: SchemaNavigator(document: document),
            accepts: { value, schema in generator.conforms(value, to: schema) })
    }

    @Test("a member the read schema cannot hold as sent is not compared; one it can is")
    func shapesHeard() throws {
        let write = try #require(JSONPointer("/Write"))
        let read = try #require(JSONPointer("/Read"))
        let sent: JSONValue = ["schedules": [["interval": 5]], "state": ["type": "PAUSED"]]
        let stored: JSONValue = [
            "schedules": [["id": "s1", "interval": 60]], "state": ["type": "RUNNING", "timestamp": "now"],
        ]
        let lost = Self.comparison().differences(sent: sent, stored: stored, writableBy: write, readBy: read)
        // The schedules cannot read back without ids, so they are not judged; the state's type can,
        // and it was lost.
        #expect(lost.map(\.pointer) == ["/state/type"], "\(lost.map(\.pointer))")
        let kept: JSONValue = [
            "schedules": [["id": "s1", "interval": 5]], "state": ["type": "PAUSED", "timestamp": "now"],
        ]
        #expect(
            Self.comparison().differences(sent: sent, stored: kept, writableBy: write, readBy: read).isEmpty)
    }
}
