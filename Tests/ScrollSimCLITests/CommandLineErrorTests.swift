import Testing
import ScrollSimCLI
import ScrollSimTestSupport

/// Bad command lines: swift-argument-parser's error text on stderr, nothing on stdout, exit 64.
@Suite struct CommandLineErrorTests {
    /// Expects exit 64, empty stdout and exactly `standardError`.
    func expectUsageError(_ result: Invocation, _ standardError: String,
                          sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.code == 64, sourceLocation: sourceLocation)
        #expect(result.standardOutput == "", sourceLocation: sourceLocation)
        #expect(result.standardError == standardError, sourceLocation: sourceLocation)
    }

    @Test("an unknown option is reported with the closest option")
    func unknownOptionWithSuggestion() {
        expectUsageError(scrollsim("run", "a.json", "--strategi", "x"),
                         "Error: Unknown option '--strategi'. Did you mean '--strategy'?\n" + runUsageFooter)
        expectUsageError(scrollsim("run", "a.json", "--strategi=x"),
                         "Error: Unknown option '--strategi'. Did you mean '--strategy'?\n" + runUsageFooter)
    }

    @Test("an option far from every known one gets no suggestion; short options never do")
    func unknownOptionWithoutSuggestion() {
        expectUsageError(scrollsim("run", "a.json", "--parallelism", "4"),
                         "Error: Unknown option '--parallelism'\n" + runUsageFooter)
        expectUsageError(scrollsim("run", "a.json", "-s", "4"), "Error: Unknown option '-s'\n" + runUsageFooter)
    }

    @Test("a missing option value names the option and shows its help")
    func missingValue() {
        let expected = """
            Error: Missing value for '--seed <n>'
            Help:  --seed <n>  Seed of every run, instead of each scenario's seed.

            """ + runUsageFooter
        expectUsageError(scrollsim("run", "a.json", "--seed"), expected)
        expectUsageError(scrollsim("run", "a.json", "--seed", "--frames"), expected)
    }

    @Test("a bad --format lists the allowed values")
    func badFormat() {
        expectUsageError(scrollsim("run", "a.json", "--format", "xml"), """
            Error: The value 'xml' is invalid for '--format <format>'. Please provide one of 'table' and 'csv'.
            Help:  --format <format>  Output format on stdout.

            """ + runUsageFooter)
    }

    @Test("--seed must be an integer in 0...UInt64.max", arguments: ["-1", "1.5", "seven", "18446744073709551616", ""])
    func badSeed(value: String) {
        expectUsageError(scrollsim("run", "a.json", "--seed=\(value)"), """
            Error: The value '\(value)' is invalid for '--seed <n>'
            Help:  --seed <n>  Seed of every run, instead of each scenario's seed.

            """ + runUsageFooter)
    }

    @Test("--seed -1 takes -1 as the value and rejects it")
    func negativeSeed() {
        expectUsageError(scrollsim("run", "a.json", "--seed", "-1"), """
            Error: The value '-1' is invalid for '--seed <n>'
            Help:  --seed <n>  Seed of every run, instead of each scenario's seed.

            """ + runUsageFooter)
    }

    @Test("--frames without --out is a usage error")
    func framesWithoutOut() {
        expectUsageError(scrollsim("run", "a.json", "--frames"),
                         "Error: '--frames' requires '--out <dir>'\n" + runUsageFooter)
    }

    @Test("a flag given a value is a usage error")
    func flagWithValue() {
        expectUsageError(scrollsim("run", "a.json", "--out", "o", "--frames=yes"),
                         "Error: The option '--frames' does not take any value, but 'yes' was specified.\n"
                             + runUsageFooter)
        expectUsageError(scrollsim("run", "a.json", "--help=yes"),
                         "Error: The option '--help' does not take any value, but 'yes' was specified.\n"
                             + runUsageFooter)
    }

    @Test("run without scenarios names the missing argument")
    func missingScenarios() {
        expectUsageError(scrollsim("run", "--seed", "3"), """
            Error: Missing expected argument '<scenarios> ...'
            Help:  <scenarios>  Scenario files (.json), or directories of them.

            """ + runUsageFooter)
    }

    // An unknown `--strategy` is a usage error once the scenarios (whose labels it may name) are
    // loaded: RunCommandTests.strategyLabels.

    @Test("an unknown subcommand gets a suggestion and the top-level usage")
    func unknownSubcommand() {
        let footer = "Usage: scrollsim <subcommand>\n  See 'scrollsim --help' for more information.\n"
        expectUsageError(scrollsim("rnu", "a.json"), "Error: Unknown subcommand 'rnu'. Did you mean 'run'?\n" + footer)
        expectUsageError(scrollsim("strategis"),
                         "Error: Unknown subcommand 'strategis'. Did you mean 'strategies'?\n" + footer)
        expectUsageError(scrollsim("xyz"), "Error: Unknown subcommand 'xyz'\n" + footer)
        expectUsageError(scrollsim("help", "rnu"), "Error: Unknown subcommand 'rnu'. Did you mean 'run'?\n" + footer)
        expectUsageError(scrollsim("--hepl"), "Error: Unknown option '--hepl'. Did you mean '--help'?\n" + footer)
    }

    @Test("commands without positionals reject extra arguments")
    func unexpectedArguments() {
        let footer = "Usage: scrollsim strategies [--format <format>]\n"
            + "  See 'scrollsim strategies --help' for more information.\n"
        expectUsageError(scrollsim("strategies", "extra"), "Error: Unexpected argument 'extra'\n" + footer)
        expectUsageError(scrollsim("strategies", "a", "b"), "Error: 2 unexpected arguments: 'a', 'b'\n" + footer)
    }
}
