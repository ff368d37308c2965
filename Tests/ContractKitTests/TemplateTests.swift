import JSONSchema
import Testing

@testable import ContractKit

@Suite struct TemplateTests {
    static let variables: [String: JSONValue] = [
        "id": 7, "name": "Soup", "tags": ["a", "b"], "baseURL": "http://h:1",
    ]

    @Test(
        "a string that is exactly one placeholder keeps the value's type",
        arguments: [("{{id}}", 7), ("{{name}}", "Soup"), ("{{tags}}", ["a", "b"]), ("{{ id }}", 7)]
            as [(String, JSONValue)])
    func typePreserving(_ text: String, _ expected: JSONValue) throws {
        #expect(try Template.substitute(.string(text), Self.variables) == expected)
    }

    @Test(
        "placeholders inside a longer string are interpolated as text",
        arguments: [
            ("item-{{id}}", "item-7"), ("{{baseURL}}/images/{{name}}.jpg", "http://h:1/images/Soup.jpg"),
            ("tags={{tags}}", "tags=[\"a\",\"b\"]"), ("no placeholders", "no placeholders"),
            ("{{}} stays", "{{}} stays"),
        ])
    func interpolation(_ text: String, _ expected: String) throws {
        #expect(try Template.substitute(.string(text), Self.variables) == .string(expected))
        #expect(try Template.substitute(text, Self.variables) == expected)
    }

    @Test("arrays and objects are substituted throughout, keys included")
    func nested() throws {
        let value: JSONValue = ["menuIds": ["{{id}}", 2], "{{name}}": "x"]
        #expect(try Template.substitute(value, Self.variables) == ["menuIds": [7, 2], "Soup": "x"])
    }

    @Test("a missing variable is an error naming it")
    func missing() {
        #expect(throws: Template.MissingVariable(name: "itemId")) {
            try Template.substitute(.string("/menu/{{itemId}}"), Self.variables)
        }
        #expect(throws: Template.MissingVariable(name: "itemId")) {
            try Template.substitute(.string("{{itemId}}"), Self.variables)
        }
    }

    @Test("the variables a value mentions")
    func variablesIn() {
        let value: JSONValue = ["a": "{{x}}-{{y}}", "{{k}}": ["{{z}}", 1]]
        #expect(Template.variables(in: value) == ["x", "y", "k", "z"])
    }

    @Test("\\{{ is a literal {{: never a variable, sent as {{, kept by the external pass")
    func literalBraces() throws {
        let value: JSONValue = ["text": #"Report for \{{current_date}} by {{name}}"#, "plain": #"\{{x}}"#]
        #expect(Template.variables(in: value) == ["name"])
        #expect(
            try Template.substitute(value, Self.variables) == [
                "text": "Report for {{current_date}} by Soup", "plain": "{{x}}",
            ])
        #expect(try Template.substitute(.string(#"\{{only}}"#), [:]) == "{{only}}")
        #expect(try Template.substituteExternal(value, [:]) == value)
        #expect(Template.escaped(["{{a}}": "x {{b}}"]) == [#"\{{a}}"#: #"x \{{b}}"#])
        #expect(
            Template.literal(Template.escaped(["{{a}}": "x {{b}}", "n": 1])) == ["{{a}}": "x {{b}}", "n": 1])
    }
}
