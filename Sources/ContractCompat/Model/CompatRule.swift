/// One rule of the catalogue: a stable id (the established catalogue's where one exists, so
/// `--ignore` entries and dashboards carry over), its default level, the direction it judges and an
/// example of a change that triggers it.
public struct CompatRule: Sendable, Hashable {
    /// `response-property-became-optional`.
    public var id: String
    public var level: CompatLevel
    public var direction: CompatDirection
    /// One example of a change that triggers the rule, as a person would write it in a review.
    public var example: String

    public init(id: String, level: CompatLevel, direction: CompatDirection, example: String) {
        self.id = id
        self.level = level
        self.direction = direction
        self.example = example
    }
}
