import Testing
import ScrollSimCLI
import ScrollSimTestSupport

/// Help text: swift-argument-parser's layout, on stdout, exit 0, the same however it is asked for.
@Suite struct HelpTests {
    /// The exact top-level help.
    static let topLevelHelp = """
        OVERVIEW: Deterministic scroll simulation to compare image-loading strategies.

        USAGE: scrollsim <subcommand>

        OPTIONS:
          -h, --help              Show help information.

        SUBCOMMANDS:
          run                     Run scenarios and report hitch and image metrics.
          validate                Check scenario files without running them.
          strategies              List the built-in strategies and their parameters.
          compare                 Compare two summary CSVs and fail on regressions.
          rank                    Rank strategies with confidence intervals.
          sweep                   Run a scenario over every combination of axis values.
          merge                   Combine sweep shards into the unsharded sweep's CSV.
          report                  Write an HTML report with charts of summary CSVs.
          cache-replay            Replay a request trace through a cache and print its
                                  miss ratios.
          schema                  Print the JSON Schema of scenario files.
          help                    Show subcommand help information.

          See 'scrollsim help <subcommand>' for detailed help.

        """

    /// The exact help of `scrollsim run`.
    static let runHelp = """
        OVERVIEW: Run scenarios and report hitch and image metrics.

        Scenarios run in the order given (a directory's files sorted by name), each
        with the strategies given, else those its file lists, else every built-in one.
        Output files are written after every run has finished, each atomically.

        Exit codes: 0 success, 1 I/O failure, 64 bad command line, 65 invalid scenario,
        66 missing or unreadable scenario.

        USAGE: scrollsim run <scenarios> ... [--strategy <name> ...] [--seed <n>] [--format <format>] [--out <dir>] [--frames] [--requests <dir>] [--trace <dir>] [--html <file>]

        ARGUMENTS:
          <scenarios>             Scenario files (.json), or directories of them.

        OPTIONS:
          --strategy <name>       A strategy to run (see 'scrollsim strategies'), or a
                                  label of a scenario's entry.
          --seed <n>              Seed of every run, instead of each scenario's seed.
          --format <format>       Output format on stdout. (values: table, csv;
                                  default: table)
          --out <dir>             Also write summary.csv into this directory.
          --frames                Also write per-frame CSVs into <dir>/frames.
          --requests <dir>        Also write each run's image request trace (id,size,
                                  for 'scrollsim cache-replay') into this directory.
          --trace <dir>           Also write a Chrome trace (Perfetto) per run into
                                  this directory.
          --html <file>           Also write an HTML report with charts to this file.
          -h, --help              Show help information.


        """

    @Test("scrollsim --help prints the exact top-level help")
    func topLevel() {
        let result = scrollsim("--help")
        #expect(result.standardOutput == Self.topLevelHelp)
        #expect(result.standardError == "")
        #expect(result.code == 0)
    }

    @Test("no arguments, -h and help print the top-level help on stdout, exit 0",
          arguments: [[], ["-h"], ["help"], ["help", "help"]])
    func topLevelVariants(arguments: [String]) {
        let output = CommandOutput.capturing()
        let code = ScrollSimCommand.run(arguments: arguments, output: output)
        #expect(output.capturedStandardOutput == Self.topLevelHelp)
        #expect(output.capturedStandardError == "")
        #expect(code == 0)
    }

    @Test("scrollsim run --help prints the exact run help")
    func run() {
        let result = scrollsim("run", "--help")
        #expect(result.standardOutput == Self.runHelp)
        #expect(result.standardError == "")
        #expect(result.code == 0)
    }

    @Test("-h, --help, help <cmd> and a help flag after other arguments print the same text",
          arguments: ["run", "validate", "strategies", "cache-replay", "report", "rank"])
    func sameTextEveryWay(command: String) {
        let long = scrollsim(command, "--help")
        #expect(long.code == 0)
        #expect(long.standardOutput.hasPrefix("OVERVIEW: "))
        for other in [scrollsim(command, "-h"), scrollsim("help", command),
                      scrollsim(command, "x.json", "--bogus", "-h")] {
            #expect(other.standardOutput == long.standardOutput)
            #expect(other.standardError == "")
            #expect(other.code == 0)
        }
    }

    @Test("validate and strategies help list their arguments and options")
    func otherCommands() {
        #expect(scrollsim("help", "validate").standardOutput == """
            OVERVIEW: Check scenario files without running them.

            Exit codes: 0 all valid, 65 a file is invalid, 66 a file is missing or
            unreadable.

            USAGE: scrollsim validate <files> ...

            ARGUMENTS:
              <files>                 Scenario files (.json), or directories of them.

            OPTIONS:
              -h, --help              Show help information.


            """)
        #expect(scrollsim("help", "strategies").standardOutput == """
            OVERVIEW: List the built-in strategies and their parameters.

            USAGE: scrollsim strategies [--format <format>]

            OPTIONS:
              --format <format>       Output format. (values: text, csv, markdown; default:
                                      text)
              -h, --help              Show help information.


            """)
    }

    @Test("after --, --help is a positional, not a help request")
    func terminator() {
        let result = scrollsim("run", "--", "--help")
        #expect(result.standardOutput == "")
        #expect(result.code == 66)  // "--help" is taken as a scenario file, which does not exist
    }
}
