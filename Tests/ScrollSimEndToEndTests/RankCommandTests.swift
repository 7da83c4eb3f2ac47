import Foundation
import Testing
@testable import ScrollSimCLI
import ScrollSimReports
import ScrollSimTestSupport
import ScrollSimCore

/// `scrollsim rank`: the exact table and markdown of a hand-computed case (docs/rank.md), several
/// files, bad input with its exit codes, and a sweep of a package's own strategy ranked end to end.
@Suite struct RankCommandTests: ScratchDirectorySuite {
    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    /// The hand-computed case of `RankingTests` (a = 2, 3, 4; b = a + 1; c = 2.0, 3.6, 3.7), with
    /// a fourth strategy d that ran seed 1 only.
    static let runs = """
        scenario,strategy,seed,hitch_ratio,frames
        grid,a,1,2.000,10
        grid,b,1,3.000,10
        grid,c,1,2.000,10
        grid,d,1,1.500,10
        grid,a,2,3.000,10
        grid,b,2,4.000,10
        grid,c,2,3.600,10
        grid,a,3,4.000,10
        grid,b,3,5.000,10
        grid,c,3,3.700,10

        """

    /// The usage footer of `scrollsim rank` errors.
    static let usageFooter = """
        Usage: scrollsim rank <summary.csv> ... --metric <column> [--format <format>]
          See 'scrollsim rank --help' for more information.

        """

    @Test("the table: intervals, paired differences, ranks, wins, n/a for one run, a note for missing seeds")
    func table() throws {
        // a, b, c as in RankingTests. d: one run (1.5, seed 1): no interval. Means: d 1.5 is the
        // best. Against d every strategy shares seed 1 only: a − d = c − d = 0.5, b − d = 1.5, one
        // difference each, no interval, never significant. So a and c rank 1, b 2 (a beats it on
        // every seed by 1), d 1. Wins: seed 1 d (1.5), seed 2 a (3.0), seed 3 c (3.7).
        let path = try write("runs.csv", Self.runs)
        let result = scrollsim("rank", path, "--metric", "hitch_ratio")
        #expect(result.standardError == "")
        #expect(result.code == 0)
        #expect(result.standardOutput == """
            Rank by hitch_ratio (ms/s, lower is better): mean over seeds with its 95% Student t interval; vs best: \
            the paired difference from the best mean over the seeds both ran (docs/rank.md).

            grid  (3 seeds: 1, 2, 3)
              rank  strategy  runs    mean  95% CI            vs best  95% CI of difference  wins
              ----  --------  ----  ------  ----------------  -------  --------------------  ----
                 1  d            1  1.5000  n/a                  best                           1
                 1  a            3  3.0000  [0.5157, 5.4843]  +0.5000  n/a                      1
                 1  c            3  3.1000  [0.7301, 5.4699]  +0.5000  n/a                      1
                 2  b            3  4.0000  [1.5157, 6.4843]  +1.5000  n/a                      0
              Note: d has no run for seeds 2, 3: its mean is over its 1 run, its comparisons over the seeds it \
            shares.

            rank: 1 + the strategies significantly better (the 95% interval of the paired difference over the seeds \
            both ran excludes 0); equal ranks are ties.
            wins: seeds on which the strategy has the best value; strategies tied for it each win the seed.
            n/a: one run (or one shared seed) gives a mean but no interval, and never a significant difference.

            """)
    }

    @Test("markdown for a pull-request comment: a title, the method, one table per group, rank 1 in bold")
    func markdown() throws {
        let path = try write("runs.csv", String(Self.runs.split(separator: "\n").filter { !$0.contains(",d,") }
            .joined(separator: "\n") + "\n"))
        let result = scrollsim("rank", path, "--metric", "hitch_ratio", "--format", "markdown")
        #expect(result.code == 0)
        #expect(result.standardOutput == """
            ### ScrollSim rank: `hitch_ratio` (ms/s), lower is better

            Mean over seeds with its 95% Student t interval; **vs best** is the paired difference from the best mean \
            over the seeds both ran, with its 95% interval (method: `docs/rank.md`).

            #### grid — 3 seeds: 1, 2, 3

            | rank | strategy | runs | mean | 95% CI | vs best | 95% CI of difference | wins |
            | ---: | --- | ---: | ---: | --- | ---: | --- | ---: |
            | 1 | **a** | 3 | 3.0000 | [0.5157, 5.4843] | best |  | 2 |
            | 1 | **c** | 3 | 3.1000 | [0.7301, 5.4699] | +0.1000 | [-1.0385, +1.2385] | 2 |
            | 2 | b | 3 | 4.0000 | [1.5157, 6.4843] | +1.0000 | [+1.0000, +1.0000] | 0 |

            - rank: 1 + the strategies significantly better (the 95% interval of the paired difference over the \
            seeds both ran excludes 0); equal ranks are ties.
            - wins: seeds on which the strategy has the best value; strategies tied for it each win the seed.

            """)
    }

    @Test("several files are one set of runs: the same bytes as one file holding them all")
    func severalFiles() throws {
        let lines = Self.runs.split(separator: "\n").map(String.init)
        let first = try write("first.csv", ([lines[0]] + lines[1...4]).joined(separator: "\n") + "\n")
        let second = try write("second.csv", ([lines[0]] + lines[5...]).joined(separator: "\n") + "\n")
        let all = try write("all.csv", Self.runs)
        let split = scrollsim("rank", first, second, "--metric", "hitch_ratio", "--format", "csv")
        let whole = scrollsim("rank", all, "--metric", "hitch_ratio", "--format", "csv")
        #expect(split.code == 0)
        #expect(split.standardOutput == whole.standardOutput)
        #expect(whole.standardOutput.hasPrefix("scenario,metric,strategy,runs,mean,ci_low,ci_high,rank,"))
        // Giving a file twice repeats its runs.
        let twice = scrollsim("rank", first, first, "--metric", "hitch_ratio")
        #expect(twice.code == 65)
        #expect(twice.standardError == "Error: \(first): the run of scenario 'grid', strategy 'a', seed 1 is also in "
                + "\(first); give each run once\n")
    }

    /// Bad invocations after `rank runs.csv`: the arguments, the exit code, the start of stderr.
    static let badCases: [(arguments: [String], code: Int32, message: String)] = [
        (["--metric", "frames"], 64, "Error: The value 'frames' is invalid for '--metric <column>': 'frames' has no "),
        (["--metric", "hitch_ration"], 64, """
            Error: The value 'hitch_ration' is invalid for '--metric <column>': unknown metric 'hitch_ration'; did \
            you mean 'hitch_ratio'?
            Help:  --metric <column>  The summary column to rank on, e.g. hitch_ratio.

            """),
        (["--metric", "scenario"], 64, "Error: The value 'scenario' is invalid for '--metric <column>': 'scenario' is"),
        ([], 64, """
            Error: Missing expected argument '--metric <column>'
            Help:  --metric <column>  The summary column to rank on, e.g. hitch_ratio.

            """),
        (["--metric", "hitch_ratio", "--format", "html"], 64, "Error: The value 'html' is invalid for '--format "),
        (["--metric", "blank_ratio_mean"], 65, """
            Error: RUNS: line 1: no column 'blank_ratio_mean' to rank on (a CSV from an older ScrollSim?)

            """),
    ]

    @Test("bad command lines exit 64 with one reason; a file without the metric 65", arguments: badCases)
    func badCommandLines(arguments: [String], code: Int32, message: String) throws {
        let path = try write("runs.csv", Self.runs)
        let result = scrollsim(["rank", path] + arguments)
        #expect(result.code == code)
        #expect(result.standardOutput == "")
        #expect(result.standardError.hasPrefix(message.replacingOccurrences(of: "RUNS", with: path)))
        if code == 64 { #expect(result.standardError.hasSuffix(Self.usageFooter)) }
    }

    @Test("a missing file exits 66, an invalid one 65, each named on its own line")
    func badFiles() throws {
        let bad = try write("bad.csv", "scenario,strategy,seed,hitch_ratio\ngrid,a,1,fast\n")
        let missing = directory + "/missing.csv"
        let result = scrollsim("rank", bad, missing, "--metric", "hitch_ratio")
        #expect(result.code == 66)
        #expect(result.standardOutput == "")
        #expect(result.standardError == """
            Error: \(bad): line 2, column 4 (hitch_ratio): expected a number like 12 or 0.125 (at most 18 digits, 9 after the point), found 'fast'
            Error: \(missing): no such file

            """)
        let invalid = scrollsim("rank", bad, "--metric", "hitch_ratio")
        #expect(invalid.code == 65)
    }

    @Test("18-digit values print as the summary CSV has them: exact means, bounds and differences, exact best")
    func eighteenDigitValues() throws {
        // Each pair of values shares its nearest Double (123456789012345.671875; 10^18), which printed
        // both means as that, made the strategy listed first the best, and its difference zero.
        let hitches = try write("hitches.csv", """
            scenario,strategy,seed,hitch_ratio
            grid,b,1,123456789012345.679
            grid,a,1,123456789012345.678
            grid,b,2,123456789012345.679
            grid,a,2,123456789012345.678

            """)
        let header = "scenario,metric,strategy,runs,mean,ci_low,ci_high,rank,wins,best,diff_vs_best,diff_ci_low,"
            + "diff_ci_high,paired_runs\n"
        #expect(scrollsim("rank", hitches, "--metric", "hitch_ratio", "--format", "csv").standardOutput == header
            + "grid,hitch_ratio,a,2,123456789012345.6780,123456789012345.6780,123456789012345.6780,1,2,a,,,,\n"
            + "grid,hitch_ratio,b,2,123456789012345.6790,123456789012345.6790,123456789012345.6790,2,0,a,0.0010,"
            + "0.0010,0.0010,2\n")
        let bytes = try write("bytes.csv", """
            scenario,strategy,seed,bytes_downloaded
            grid,b,1,999999999999999999
            grid,a,1,999999999999999998

            """)
        #expect(scrollsim("rank", bytes, "--metric", "bytes_downloaded", "--format", "csv").standardOutput == header
            + "grid,bytes_downloaded,a,1,999999999999999998.00,,,1,1,a,,,,\n"
            + "grid,bytes_downloaded,b,1,999999999999999999.00,,,1,0,a,1.00,,,1\n")
        let table = scrollsim("rank", bytes, "--metric", "bytes_downloaded").standardOutput
        #expect(table.contains("     1  a            1  999999999999999998.00  n/a        best"))
        #expect(table.contains("     1  b            1  999999999999999999.00  n/a       +1.00  n/a"))
    }

    @Test("a package's own strategy, swept over seeds, is ranked like a built-in one")
    func customStrategySweep() throws {
        let scenario = try write("small.json", TestScenarios.smallJSON())
        let sweep = try write("seeds.json", """
            {"scenario": "\(scenario)", "strategies": ["naive", "recording"], "axes": {"seed": [1, 2, 3]}}
            """)
        let csv = directory + "/seeds.csv"
        let swept = scrollsim(["sweep", sweep, "--out", csv], strategies: [CustomStrategyTests.custom])
        #expect(swept.code == 0, "\(swept.standardError)")
        // rank needs no strategy registry: names are data.
        let result = scrollsim("rank", csv, "--metric", "network_fetches", "--format", "csv")
        #expect(result.code == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        // recording loads nothing: 0 fetches on every seed, the best, winning all three.
        #expect(lines[1] == "small,network_fetches,recording,3,0.00,0.00,0.00,1,3,recording,,,,")
        // naive fetches on every seed, so it is significantly worse: rank 2, paired over 3 seeds.
        #expect(lines[2].hasPrefix("small,network_fetches,naive,3,"))
        #expect(lines[2].contains(",2,0,recording,"))
        #expect(lines[2].hasSuffix(",3"))
    }
}
