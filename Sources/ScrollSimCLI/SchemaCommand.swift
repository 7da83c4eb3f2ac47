import FetchStrategies
import ScrollSimCore
import ScrollSimReports

/// `scrollsim schema`: prints the JSON Schema of scenario files (docs/scenario.schema.json is
/// its output), written from the decoder's key table and the strategy catalogue: every key with
/// its type, range, default and description, every step kind, and every strategy (a package's
/// own ones too, after the built-in ones) with its parameters.
struct SchemaCommand: ScrollSimSubcommand {
    /// The interface of `scrollsim schema`.
    static let configuration = CommandSpec(
        path: ["scrollsim", "schema"],
        abstract: "Print the JSON Schema of scenario files.",
        discussion: """
            Point an editor at it for completion and checks as you type, or regenerate the bundled copy:
              scrollsim schema > docs/scenario.schema.json
            """
    )

    /// Typed values from checked arguments (there are none).
    init(_ arguments: ParsedArguments) {}

    /// Nothing beyond what the parser checks.
    func validate() throws(CommandLineError) {}

    /// Prints the schema.
    func run(output: CommandOutput) -> Int32 {
        output.write(ScenarioSchema.text(strategies: StrategyRegistry.all.map(\.schema)))
        return ExitCode.success
    }
}
