import Testing
@testable import ScrollSimCLI
import ScrollSimTestSupport

/// The hand-written parser's accepted forms.
@Suite struct ArgumentParserTests {
    /// Parses `arguments` as `scrollsim run` would.
    func parseRun(_ arguments: [String]) throws -> ParsedArguments {
        try ArgumentParser(spec: RunCommand.configuration).parse(arguments)
    }

    @Test("--seed 5 and --seed=5 are the same")
    func valueForms() throws {
        #expect(try parseRun(["a.json", "--seed", "5"]).value(of: "seed") == "5")
        #expect(try parseRun(["a.json", "--seed=5"]).value(of: "seed") == "5")
        #expect(try parseRun(["a.json", "--seed=18446744073709551615"]).value(of: "seed") == "18446744073709551615")
    }

    @Test("repeatable options keep every value in order; single ones keep the last")
    func repetition() throws {
        let parsed = try parseRun(["--strategy", "b", "a.json", "--strategy=a", "--format", "csv",
                                   "--format", "table", "b.json"])
        #expect(parsed.values(of: "strategy") == ["b", "a"])
        #expect(parsed.value(of: "format") == "table")
        #expect(parsed.positionals == ["a.json", "b.json"])
        let command = RunCommand(try parseRun(["a.json", "--strategy", "x", "--strategy", "y", "--strategy", "x",
                                               "--seed", "9"]))
        #expect(command.strategyNames == ["x", "y"])
        #expect(command.seed == 9)
        #expect(command.format == .table)
        #expect(command.outDirectory == nil)
        #expect(command.writesFrames == false)
    }

    @Test("-- ends options: everything after it is positional")
    func terminator() throws {
        let parsed = try parseRun(["--frames", "--", "--seed", "-x", "--"])
        #expect(parsed.positionals == ["--seed", "-x", "--"])
        #expect(parsed.isSet("frames"))
        #expect(parsed.isHelpRequested == false)
    }

    @Test("a lone - is a positional (conventionally stdin)")
    func dash() throws {
        #expect(try parseRun(["-"]).positionals == ["-"])
    }

    @Test("help wraps long descriptions at 80 columns, continuing at column 26")
    func wrapping() {
        let row = HelpLayout.row(label: "--a-very-long-option-name <value>",
                                 description: String(repeating: "word ", count: 20))
        let lines = row.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "  --a-very-long-option-name <value>")
        #expect(lines.dropFirst().allSatisfy {
            $0.isEmpty || ($0.hasPrefix(String(repeating: " ", count: 26)) && $0.count <= 80)
        })
    }
}
