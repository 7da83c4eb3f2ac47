import Foundation
import Testing
@testable import ScrollSimCLI
import ScrollSimReports
import ScrollSimTestSupport
import ScrollSimCore

/// `scrollsim compare`: limits decided exactly at their edges, rows on one side only, the three
/// renderings, and bad CSVs.
@Suite struct CompareCommandTests: ScratchDirectorySuite {
    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    /// Compares a one-row baseline and candidate that differ only in `metric`.
    func compareOne(_ metric: String, _ before: String, _ after: String, _ arguments: [String]) throws -> Invocation {
        let base = try write("base.csv", "scenario,strategy,seed,\(metric)\ngrid,naive,1,\(before)\n")
        let head = try write("head.csv", "scenario,strategy,seed,\(metric)\ngrid,naive,1,\(after)\n")
        return scrollsim(["compare", base, head] + arguments)
    }

    @Test("exactly at a limit passes, one printed unit past it fails (relative, absolute, lower and higher is better)",
          arguments: [
            // Default relative limit, lower is better: hitch_ratio 5 %.
            ("hitch_ratio", "10.000", "10.499", [String](), Int32(0)),
            ("hitch_ratio", "10.000", "10.500", [], 0),
            ("hitch_ratio", "10.000", "10.501", [], 2),
            // Mixed scales: 10 % of 33.333 is 3.3333.
            ("max_hitch_ms", "33.333", "36.666", [], 0),
            ("max_hitch_ms", "33.333", "36.667", [], 2),
            ("peak_memory_mb", "100.000", "110.000", [], 0),
            ("peak_memory_mb", "100.000", "110.001", [], 2),
            // Default absolute limit, lower is better: dropped_frames +2; wrong_image_frames +0.
            ("dropped_frames", "3", "5", [], 0),
            ("dropped_frames", "3", "6", [], 2),
            ("wrong_image_frames", "0", "0", [], 0),
            ("wrong_image_frames", "0", "1", [], 2),
            // Default relative limit, higher is better: ready_ratio −5 % (0.8 → 0.76 is exactly 5 %).
            ("ready_ratio", "0.8000", "0.7600", [], 0),
            ("ready_ratio", "0.8000", "0.7599", [], 2),
            ("ready_ratio", "0.8000", "0.9999", [], 0),
            // Absolute limit, higher is better, given on the command line.
            ("hit_ratio", "0.5000", "0.4000", ["--max-regression", "hit_ratio=-0.1"], 0),
            ("hit_ratio", "0.5000", "0.3999", ["--max-regression", "hit_ratio=0.1"], 2),
            // A relative limit from a baseline of 0: any worsening is a regression.
            ("hitch_ratio", "0.000", "0.000", [], 0),
            ("hitch_ratio", "0.000", "0.001", [], 2),
            // Given limits replace the defaults; the last one wins; off removes it.
            ("hitch_ratio", "10.000", "11.000", ["--max-regression", "hitch_ratio=10%"], 0),
            ("hitch_ratio", "10.000", "11.001", ["--max-regression", "hitch_ratio=10%"], 2),
            ("hitch_ratio", "10.000", "11.001",
             ["--max-regression", "hitch_ratio=+1%", "--max-regression", "hitch_ratio=20%"], 0),
            ("hitch_ratio", "10.000", "99.000", ["--max-regression", "hitch_ratio=off"], 0),
            ("dropped_frames", "3", "4", ["--max-regression", "dropped_frames=0.5"], 2),
            // Improvements, metrics without a limit, metrics without a direction.
            ("hitch_ratio", "10.000", "1.000", [], 0),
            ("hitches", "1", "50", [], 0),
            ("frames", "10", "99", [], 0),
          ])
    func limitEdges(metric: String, before: String, after: String, arguments: [String], expected: Int32) throws {
        let result = try compareOne(metric, before, after, arguments)
        #expect(result.code == expected)
        #expect(result.standardError == "")
        let verdict = expected == 2 ? "Verdict: Regression - 1 metric past its limit in 1 of 1 compared row"
            : "Verdict: No regression - "
        #expect(result.standardOutput.contains(verdict))
    }

    @Test("a run the OS killed is a regression by default; memory warnings only worsen",
          arguments: [
            ("killed", "0", "1", [String](), Int32(2)),
            ("killed", "1", "1", [], 0),   // killed before too: not a new regression
            ("killed", "1", "0", [], 0),   // improved
            ("killed", "0", "1", ["--max-regression", "killed=off"], 0),
            ("memory_warnings", "0", "3", [], 0),
            ("memory_warnings", "0", "3", ["--max-regression", "memory_warnings=+2"], 2),
          ])
    func killedRunsRegress(metric: String, before: String, after: String, arguments: [String], expected: Int32) throws {
        let result = try compareOne(metric, before, after, arguments)
        #expect(result.code == expected)
        #expect(result.standardError == "")
    }

    @Test("a killed run in the table")
    func killedTable() throws {
        // Given full summary rows: the candidate was killed (its other metrics stop at the kill);
        // a valid refresh rate, which the one summary reader checks (1 to 1000 Hz)
        let header = SummaryCSV.header
        let run = "grid,naive,1,ios15,60" + String(repeating: ",0", count: 31)
        let base = try write("base.csv", header + run + ",1,0,0\n")
        let head = try write("head.csv", header + run + ",2,1,0\n")
        let result = scrollsim("compare", base, head)
        #expect(result.code == 2)
        #expect(result.standardOutput == """
            Baseline:  \(base) (1 row)
            Candidate: \(head) (1 row)

            grid  naive  seed 1
              metric           baseline  candidate  change        limit  status
              ---------------  --------  ---------  ------------  -----  ---------
              memory_warnings         1          2  +1 (+100.0%)  none   worse
              killed                  0          1  +1 (from 0)   +0     REGRESSED

            Verdict: Regression - 1 metric past its limit in 1 of 1 compared row; 1 worse within limits.

            """)
    }

    @Test("the table shows changed metrics with their change, limit and status")
    func table() throws {
        let result = try compareOne("hitch_ratio", "40.862", "44.000", [])
        #expect(result.code == 2)
        #expect(result.standardOutput == """
            Baseline:  \(directory)/base.csv (1 row)
            Candidate: \(directory)/head.csv (1 row)

            grid  naive  seed 1
              metric       baseline  candidate  change          limit  status
              -----------  --------  ---------  --------------  -----  ---------
              hitch_ratio    40.862     44.000  +3.138 (+7.7%)  5%     REGRESSED

            Verdict: Regression - 1 metric past its limit in 1 of 1 compared row.

            """)
    }

    /// The baseline of the rendering tests: a sweep with one axis column.
    static let baseline = """
        scenario,strategy,seed,hitch_ratio,dropped_frames,ready_ratio,frames,profile,cells.prefetchScreens
        grid,naive,1,10.000,3,0.8000,100,ios15,0.5
        grid,naive,2,10.000,3,0.8000,100,ios15,0.5
        grid,cached,1,4.000,0,0.9000,100,ios15,0.5
        grid,cached,1,4.000,0,0.9000,100,ios15,1

        """

    /// The candidate: columns in another order; naive seed 1 regresses, cached 0.5 improves,
    /// naive seed 2 is gone, cached seed 2 is new.
    static let candidate = """
        cells.prefetchScreens,scenario,strategy,seed,frames,hitch_ratio,dropped_frames,ready_ratio,profile
        0.5,grid,naive,1,101,11.000,4,0.8000,ios15
        0.5,grid,cached,1,100,4.000,0,0.9500,ios15
        1,grid,cached,1,100,4.000,0,0.9000,ios15
        1,grid,cached,2,100,4.000,0,0.9000,ios15

        """

    @Test("markdown: title, verdict, one table of changed metrics, rows on one side only")
    func markdown() throws {
        let base = try write("base.csv", Self.baseline), head = try write("head.csv", Self.candidate)
        let result = scrollsim("compare", base, head, "--format", "markdown")
        #expect(result.code == 2)
        #expect(result.standardError == "")
        #expect(result.standardOutput == """
            ### ScrollSim comparison: `\(base)` → `\(head)`

            **Regression** — 1 metric past its limit in 1 of 3 compared rows; 1 improved, 1 worse within limits, 1 changed (no better direction); 1 row only in the baseline, 1 row only in the candidate.

            | scenario | strategy | seed | cells.prefetchScreens | metric | baseline | candidate | change | limit | status |
            | --- | --- | ---: | --- | --- | ---: | ---: | ---: | ---: | --- |
            | grid | naive | 1 | 0.5 | frames | 100 | 101 | +1 (+1.0%) | none | changed |
            | grid | naive | 1 | 0.5 | dropped_frames | 3 | 4 | +1 (+33.3%) | +2 | worse |
            | grid | naive | 1 | 0.5 | hitch_ratio | 10.000 | 11.000 | +1.000 (+10.0%) | 5% | **regressed** |
            | grid | cached | 1 | 0.5 | ready_ratio | 0.9000 | 0.9500 | +0.0500 (+5.6%) | -5% | improved |

            Rows only in the baseline:

            | scenario | strategy | seed | cells.prefetchScreens |
            | --- | --- | ---: | --- |
            | grid | naive | 2 | 0.5 |

            Rows only in the candidate:

            | scenario | strategy | seed | cells.prefetchScreens |
            | --- | --- | ---: | --- |
            | grid | cached | 2 | 1 |

            """)
    }

    @Test("markdown without changes says so")
    func markdownUnchanged() throws {
        let base = try write("base.csv", Self.baseline)
        let result = scrollsim("compare", base, base, "--format", "markdown")
        #expect(result.code == 0)
        #expect(result.standardOutput == """
            ### ScrollSim comparison: `\(base)` → `\(base)`

            **No regression** — no metric past its limit in 4 compared rows.

            No metric changed.

            """)
    }

    @Test("rows on one side only are listed and pass by default; --fail-on-missing makes them fail")
    func missingRows() throws {
        let base = try write("base.csv", "scenario,strategy,seed,hitch_ratio\ngrid,naive,1,1.000\ngrid,naive,2,1.000\n")
        let head = try write("head.csv", "scenario,strategy,seed,hitch_ratio\ngrid,naive,1,1.000\ngrid,naive,3,1.000\n")
        let lenient = scrollsim("compare", base, head)
        #expect(lenient.code == 0)
        #expect(lenient.standardOutput == """
            Baseline:  \(base) (2 rows)
            Candidate: \(head) (2 rows)

            1 compared row without changes.

            Only in the baseline (1 row):
              grid  naive  seed 2

            Only in the candidate (1 row):
              grid  naive  seed 3

            Verdict: No regression - no metric past its limit in 1 compared row; 1 row only in the baseline, 1 row only in the candidate.

            """)
        let strict = scrollsim("compare", base, head, "--fail-on-missing")
        #expect(strict.code == 2)
        #expect(strict.standardOutput.hasSuffix("Verdict: Rows missing - no metric past its limit in 1 compared row; 1 "
            + "row only in the baseline, 1 row only in the candidate.\n"))
    }

    @Test("no joined row fails: a comparison that checked nothing cannot pass the candidate")
    func nothingCompared() throws {
        // Other seeds on each side (a sweep's seeds changed): every row is on one side only.
        let base = try write("base.csv", "scenario,strategy,seed,hitch_ratio\ngrid,naive,1,1.000\n")
        let head = try write("head.csv", "scenario,strategy,seed,hitch_ratio\ngrid,naive,2,9.000\n")
        let result = scrollsim("compare", base, head)
        #expect(result.code == 2)
        #expect(result.standardOutput.hasSuffix("Verdict: Nothing compared - no metric past its limit in 0 compared "
            + "rows; 1 row only in the baseline, 1 row only in the candidate.\n"))
        // An empty candidate (a header and no run) as well.
        let empty = try write("empty.csv", "scenario,strategy,seed,hitch_ratio\n")
        #expect(scrollsim("compare", base, empty).code == 2)
    }

    @Test("csv: every metric of every joined row, then the rows on one side only")
    func csv() throws {
        let base = try write("base.csv", "scenario,strategy,seed,frames,hitch_ratio,ready_ratio\n"
                                 + "grid,naive,1,10,0.000,0.5000\ngrid,naive,2,10,1.000,0.5000\n")
        let head = try write("head.csv", "scenario,strategy,seed,frames,hitch_ratio,ready_ratio\n"
                                 + "grid,naive,1,10,0.250,0.4000\n")
        let result = scrollsim("compare", base, head, "--format", "csv")
        #expect(result.code == 2)
        #expect(result.standardOutput == """
            scenario,strategy,seed,metric,baseline,candidate,change,change_percent,limit,status
            grid,naive,1,frames,10,10,0,0.0,,unchanged
            grid,naive,1,hitch_ratio,0.000,0.250,+0.250,,5%,regressed
            grid,naive,1,ready_ratio,0.5000,0.4000,-0.1000,-20.0,-5%,regressed
            grid,naive,2,,,,,,,only_in_baseline

            """)
    }

    @Test("a metric column in one file only is listed as not compared")
    func metricOnOneSide() throws {
        let base = try write("base.csv", "scenario,strategy,seed,frames\ngrid,naive,1,10\n")
        let head = try write("head.csv", "scenario,strategy,seed,frames,hitch_ratio\ngrid,naive,1,10,9.000\n")
        let result = scrollsim("compare", base, head)
        #expect(result.code == 0)
        #expect(result.standardOutput.contains("\nNot compared (columns only in the candidate): hitch_ratio.\n"))
    }

    @Test("a metric a --max-regression limits must be in both files: a candidate without it never passed that limit")
    func limitedMetricOnOneSide() throws {
        let base = try write("base.csv", "scenario,strategy,seed,frames,hitch_ratio\ngrid,naive,1,10,1.000\n")
        let head = try write("head.csv", "scenario,strategy,seed,frames\ngrid,naive,1,10\n")
        let limited = scrollsim("compare", base, head, "--max-regression", "hitch_ratio=2%")
        #expect(limited.code == 65)
        #expect(limited.standardOutput == "")
        #expect(limited.standardError == "Error: \(head): line 1: no column 'hitch_ratio', which '--max-regression "
                    + "hitch_ratio=2%' limits; compare files that both have it, or give '--max-regression "
                    + "hitch_ratio=off'\n")
        let reversed = scrollsim("compare", head, base, "--max-regression", "hitch_ratio=+0.5")
        #expect(reversed.code == 65)
        #expect(reversed.standardError.hasPrefix("Error: \(head): line 1: no column 'hitch_ratio'"))
        // Turned off again, or only a default limit: listed as not compared, as before.
        #expect(scrollsim("compare", base, head, "--max-regression", "hitch_ratio=2%",
                          "--max-regression", "hitch_ratio=off").code == 0)
        let byDefault = scrollsim("compare", base, head)
        #expect(byDefault.code == 0)
        #expect(byDefault.standardOutput.contains("\nNot compared (columns only in the baseline): hitch_ratio.\n"))
    }

    @Test("bad CSVs name the file, the line and the column; 65 for content, 66 for a missing file",
          arguments: [
            ("scenario,strategy,sed\n", "line 1, column 3: unknown column 'sed'; did you mean 'seed'?", Int32(65)),
            ("scenario,strategy,seed,colour\n", "line 1, column 4: unknown column 'colour'; expected a summary CSV "
                + "column (scenario, strategy, seed, …) or a sweep axis path such as 'cells.prefetchScreens'", 65),
            ("scenario,seed,hitch_ratio\n", "line 1: missing required column 'strategy' (a summary CSV starts "
                + "scenario,strategy,seed,…)", 65),
            ("scenario,strategy,seed,seed\n", "line 1, column 4: duplicate column 'seed'", 65),
            ("", "line 1: empty file; expected a summary CSV header (scenario,strategy,seed,…)", 65),
            ("scenario,strategy,seed,hitch_ratio\ngrid,naive,1,1.5e3\n", "line 2, column 4 (hitch_ratio): expected a "
                + "number like 12 or 0.125 (at most 18 digits, 9 after the point), found '1.5e3'", 65),
            ("scenario,strategy,seed,hitch_ratio\ngrid,naive,-1,1.000\n", "line 2, column 3 (seed): expected an "
                + "integer from 0 to 18446744073709551615, found '-1'", 65),
            ("scenario,strategy,seed,hitch_ratio\ngrid,naive,1\n", "line 2: expected 4 fields as in the header, found "
                + "3", 65),
            ("scenario,strategy,seed\ngrid,naive,1\ngrid,naive,1\n", "line 3: duplicate row: line 2 has the same "
                + "scenario, strategy, seed", 65),
            ("scenario,strategy,seed\n\"grid,naive,1\n", "line 2, column 1: a quoted field is not closed", 65),
            ("# scrollsim-shard 1/2 runs=4 sweep=0000000000000001\n", "line 1: this is a sweep shard; combine the "
                + "shards with 'scrollsim merge' first", 65),
          ])
    func badCSV(text: String, message: String, code: Int32) throws {
        let good = try write("good.csv", "scenario,strategy,seed\ngrid,naive,1\n")
        let bad = try write("bad.csv", text)
        let result = scrollsim("compare", good, bad)
        #expect(result.code == code)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "Error: \(bad): \(message)\n")
    }

    @Test("both files are checked; a missing file exits 66")
    func bothFiles() throws {
        let bad = try write("bad.csv", "scenario,strategy\n")
        let result = scrollsim("compare", directory + "/missing.csv", bad)
        #expect(result.code == 66)
        #expect(result.standardOutput == "")
        #expect(result.standardError == """
            Error: \(directory)/missing.csv: no such file
            Error: \(bad): line 1: missing required column 'seed' (a summary CSV starts scenario,strategy,seed,…)

            """)
    }

    @Test("sweeps of different axes are not compared")
    func differentAxes() throws {
        let base = try write("base.csv", "scenario,strategy,seed,cells.prefetchScreens\ngrid,naive,1,1\n")
        let head = try write("head.csv", "scenario,strategy,seed,network.latencyMsMedian\ngrid,naive,1,1\n")
        let result = scrollsim("compare", base, head)
        #expect(result.code == 65)
        #expect(result.standardError == "Error: \(head): line 1: its sweep axis columns (network.latencyMsMedian) "
            + "differ from those of \(base) (cells.prefetchScreens); compare sweeps of the same axes\n")
    }

    /// The usage footer of `scrollsim compare` errors.
    static let usageFooter = """
        Usage: scrollsim compare <baseline> <candidate> [--max-regression <metric=limit> ...] [--format <format>] [--fail-on-missing]
          See 'scrollsim compare --help' for more information.

        """

    @Test("bad --max-regression values are usage errors with the option's help",
          arguments: [
            ("hitch_ratio", "expected <metric>=<limit>, e.g. hitch_ratio=5% or dropped_frames=+2"),
            ("hitch_ration=5%", "unknown metric 'hitch_ration'; did you mean 'hitch_ratio'?"),
            ("frames=5%", "'frames' has no better direction, so it takes no limit"),
            ("hitch_ratio=5x", "'5x' is not a limit; write a percentage of the baseline (5%), an amount (2 or +2), or "
                + "off"),
            ("hitch_ratio=-5%", "for 'hitch_ratio' lower is better, so its limit is how much it may rise; write the "
                + "limit unsigned or with '+'"),
            ("ready_ratio=+5%", "for 'ready_ratio' higher is better, so its limit is how much it may fall; write the "
                + "limit unsigned or with '-'"),
          ])
    func badLimit(value: String, reason: String) {
        let result = scrollsim("compare", "a.csv", "b.csv", "--max-regression", value)
        #expect(result.code == 64)
        #expect(result.standardOutput == "")
        #expect(result.standardError == """
            Error: The value '\(value)' is invalid for '--max-regression <metric=limit>': \(reason)
            Help:  --max-regression <metric=limit>  How much a metric may worsen: a percentage of the baseline (hitch_ratio=5%), an amount (dropped_frames=+2), or off.

            """ + Self.usageFooter)
    }

    @Test("compare takes exactly two files")
    func fileCount() {
        let one = scrollsim("compare", "a.csv")
        #expect(one.code == 64)
        #expect(one.standardError == "Error: Missing expected argument '<candidate>'\nHelp:  <candidate>  The summary "
            + "CSV after the change.\n" + Self.usageFooter)
        let three = scrollsim("compare", "a.csv", "b.csv", "c.csv")
        #expect(three.code == 64)
        #expect(three.standardError == "Error: Unexpected argument 'c.csv'\n" + Self.usageFooter)
    }
}
