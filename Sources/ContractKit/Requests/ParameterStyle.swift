/// How a parameter's value is written in a request, as OpenAPI's `style` and `explode` say
/// (RFC 6570 expansions): what run, fuzz and the mock agree on, so a value the fuzzer calls valid
/// is one the server reads as that value.
///
/// | style | location | `[1, 2]`, explode false | `[1, 2]`, explode true |
/// | --- | --- | --- | --- |
/// | `form` | query | `ids=1,2` | `ids=1&ids=2` |
/// | `spaceDelimited` | query | `ids=1%202` | (as explode false) |
/// | `pipeDelimited` | query | `ids=1|2` | (as explode false) |
/// | `deepObject` | query | objects only: `filter[a]=1` | |
/// | `simple` | path, header | `1,2` | `1,2` |
/// | `label` | path | `.1,2` | `.1.2` |
/// | `matrix` | path | `;ids=1,2` | `;ids=1;ids=2` |
public enum ParameterStyle: String, Sendable, CaseIterable {
    case form, spaceDelimited, pipeDelimited, deepObject, simple, label, matrix

    /// OpenAPI's default style for a location: `form` in the query, `simple` elsewhere.
    public static func defaultStyle(for location: Parameter.Location) -> ParameterStyle {
        location == .query ? .form : .simple
    }

    /// The styles a location allows.
    public static func allowed(in location: Parameter.Location) -> [ParameterStyle] {
        switch location {
        case .query: return [.form, .spaceDelimited, .pipeDelimited, .deepObject]
        case .path: return [.simple, .label, .matrix]
        case .header: return [.simple]
        }
    }

    /// The text between the elements of an array written without exploding.
    var delimiter: String {
        switch self {
        case .spaceDelimited: return " "
        case .pipeDelimited: return "|"
        default: return ","
        }
    }
}
