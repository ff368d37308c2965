/// The hard bounds of every walk the generator makes through a schema, so that no schema can
/// exhaust a thread's stack.
///
/// Generation recurses once per nesting level of the value it builds and once per `anyOf`, `oneOf`
/// or `if` it decides, following `$ref`s as it goes. A recursive schema (a tree whose nodes hold
/// nodes, a required property that is the schema itself, an `anyOf` whose first branch is itself)
/// or a chain of a thousand references would otherwise recurse until the stack ran out, and the
/// threads of a task group have 512 KiB: PagerDuty's description (460 operations) crashed `conform
/// fuzz` that way. `InstanceGenerator.Configuration.maxDepth` is the soft bound (past it optional
/// members are left out and scalar branches preferred); these are the hard ones, past which a
/// branch is given up: an instance throws `GenerationError` (`exhausted`), a boundary list is
/// empty. A schema whose every instance nests deeper has no instance Conform can send.
public enum GenerationLimits {
    /// The deepest a generated value nests (objects and arrays inside one another). Sixteen levels
    /// are more than any API body a person reads, and fit a 512 KiB stack in a debug build with
    /// room to spare (`DeepSchemaTests` runs each walk on such a thread).
    public static let nesting = 16

    /// The most `anyOf`/`oneOf`/`if` choices decided at one place of a value, those a chosen branch
    /// brings with it included (a branch that refers back to its own schema brings the same choice
    /// again).
    public static let choices = 16
}
